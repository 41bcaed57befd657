"""Lighthouse on one page of each kind in every language: accessibility, best practices and SEO
are 100. (The dark colour scheme's contrast is checked with axe-core in test_browser.py.)

Each run is cached by the page's content (sitebuild.audit), so an unchanged page costs nothing;
the pages that are not cached are scored together in one Chromium, in the background, as soon
as the site is built (tests/resources.py). Performance is a benchmark, not a gate:
``make lighthouse`` reports it (bench_lighthouse.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild import audit

from ..resources import Resources
from ..support import ROOT, project

GATED = audit.GATED
PAGES = audit.audited_pages(project())


@pytest.fixture(scope="module")
def lighthouse() -> Path:
    try:
        return audit.lighthouse_cli(ROOT)
    except audit.LighthouseMissing as error:
        pytest.fail(str(error))


@pytest.fixture(scope="module")
def lighthouse_gates(built_site: Path, resources: Resources) -> dict:
    """The gated scores of every page in PAGES."""
    try:
        return resources.get("lighthouse_gates")  # type: ignore[return-value]
    except audit.LighthouseMissing as error:
        pytest.fail(str(error))


@pytest.mark.parametrize("page", PAGES)
def test_accessibility_best_practices_and_seo_are_100(lighthouse_gates: dict, page: str) -> None:
    found = lighthouse_gates[page, 1]
    below = {c: found.scores[c] for c in GATED if found.scores[c] < 100}
    assert not below, f"/{page}: {below}; failing audits: {found.failing}"


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
    failing = found["broken/", 1].failing
    assert "html-has-lang" in failing["accessibility"] and "image-alt" in failing["accessibility"]
    assert "errors-in-console" in failing["best-practices"], failing
    assert "meta-description" in failing["seo"], failing
