"""Lighthouse on one page of each kind in every language, and on the other pages of the errors atlas
and with a stepper in English: accessibility, best practices and SEO are 100. (The dark colour
scheme's contrast is checked with axe-core in test_browser.py.)

English is the one language of the site that Lighthouse's link-text audit reads. What else a
translation changes, the page's language, description and links to the other languages,
test_head.py checks on every page; the headings, includes and code are the same in every language
(test_parity.py); and every page of every language loads without a console error (test_browser.py).

Each run is cached by the page's content (sitebuild.audit.lighthouse), so an unchanged page costs
nothing; the pages that are not cached are scored together in one Chromium, by the first worker that
asks (tests.support.made_once). Performance is a benchmark, not a gate:
``make lighthouse`` reports it (bench_lighthouse.py).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from sitebuild.audit import lighthouse as audit

from ..support import ROOT, made_once, project

GATED = audit.GATED
ATLAS_PAGES = tuple(
    f"{page.with_suffix('').as_posix()}/".removesuffix("index/")
    for page in project().pages(project().locales[0])
    if page.parts[0] == "errors"
)
"""Every page of the errors atlas: the section readers land on from a search."""
PAGES = audit.audited_pages(project()) + [
    project().language_root(project().default_locale) + page
    for page in audit.STEPPER_PAGES + ATLAS_PAGES
    if page not in audit.PAGES
]


@pytest.fixture(scope="module")
def lighthouse() -> Path:
    try:
        return audit.lighthouse_cli(ROOT)
    except audit.LighthouseMissing as error:
        pytest.fail(str(error))


@pytest.fixture(scope="module")
def lighthouse_gates(built_site: Path, lighthouse: Path) -> dict:
    """The gated scores of every page in PAGES."""
    with made_once("lighthouse_gates"), audit.served(built_site) as base_url:
        return audit.score_pages(ROOT, built_site, PAGES, categories=GATED, base_url=base_url)


@pytest.mark.parametrize("page", PAGES)
def test_accessibility_best_practices_and_seo_are_100(lighthouse_gates: dict, page: str) -> None:
    found = lighthouse_gates[page, 1]
    below = {c: found["scores"][c] for c in GATED if found["scores"][c] < 100}
    assert not below, f"/{page}: {below}; failing audits: {found['failing']}"


BROKEN = """<!doctype html><html><head><meta charset="utf-8"><title>Broken</title></head>
<body><main><img src="missing.png"><p>A page without a language, a description or alt text.</p>
</main></body></html>"""


def test_the_gate_settings_still_catch_a_broken_page(lighthouse: Path, tmp_path: Path) -> None:
    """The gated runs skip Lighthouse's waits (audit.GATE_SETTINGS); they must still fail a page
    that breaks each category's rules."""
    site = tmp_path / "site"
    (site / "broken").mkdir(parents=True)
    (site / "broken" / "index.html").write_text(BROKEN, encoding="utf-8")
    with audit.served(site) as base_url:
        found = audit.score_pages(ROOT, site, ["broken/"], categories=GATED, base_url=base_url)
    failing = found["broken/", 1]["failing"]
    assert "html-has-lang" in failing["accessibility"] and "image-alt" in failing["accessibility"]
    assert "errors-in-console" in failing["best-practices"], failing
    assert "meta-description" in failing["seo"], failing


PERFORMANCE_REFS = """
const config = (await import(process.argv[1])).default;
console.log(JSON.stringify(config.categories.performance.auditRefs));
"""


def test_the_performance_settings_skip_only_what_no_score_reads(lighthouse: Path) -> None:
    """A performance run keeps Lighthouse's waits, and skips only audits that weigh nothing in
    the installed Lighthouse's performance score."""
    settings = audit.PERFORMANCE_SETTINGS
    assert not {key for key in settings if key.endswith("Ms")}, "a performance run keeps its waits"
    config = lighthouse.parents[1] / "core" / "config" / "default-config.js"
    refs = subprocess.run(
        ["node", "--input-type=module", "-e", PERFORMANCE_REFS, config.as_uri()],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    weights = {ref["id"]: ref.get("weight", 0) for ref in json.loads(refs)}
    skipped = settings["skipAudits"]
    assert isinstance(skipped, list) and skipped
    assert all(weights.get(audit_id, 0) == 0 for audit_id in skipped), weights
    kept = sum(weight for audit_id, weight in weights.items() if audit_id not in skipped)
    assert kept == 100, "the metrics that make the score are all still run"
