"""sitebuild.audit.lighthouse: which pages are scored, which scores fail, the performance report.

Lighthouse itself runs in tests/site/test_lighthouse.py, on the built site.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.audit import lighthouse as audit
from sitebuild.audit.lighthouse import Scores

from ..support import locales, project


def test_every_kind_of_page_is_audited_in_every_language() -> None:
    pages = audit.audited_pages(project())
    assert len(pages) == len(audit.PAGES) * len(locales())
    for locale in locales()[1:]:
        assert f"{locale}/reference/api/" in pages
    assert "" in pages and "glossary/" in pages


def test_a_gated_score_below_100_fails_naming_page_and_audits() -> None:
    fine = {c: 100 for c in audit.GATED}
    scores = {
        ("", 1): Scores("", fine, {c: [] for c in audit.GATED}),
        ("glossary/", 1): Scores("glossary/", {**fine, "seo": 92}, {"seo": ["meta-description"]}),
    }
    assert audit.gate_failures(scores) == ["/glossary/: seo 92: ['meta-description']"]


def test_axe_is_found_where_lighthouse_installs_it_or_named_missing(tmp_path: Path) -> None:
    with pytest.raises(audit.LighthouseMissing, match="make lighthouse-tool"):
        audit.axe_script(tmp_path)
    script = tmp_path / audit.TOOL_DIR / "node_modules" / "axe-core" / "axe.min.js"
    script.parent.mkdir(parents=True)
    script.write_text("window.axe = {};")
    assert audit.axe_script(tmp_path) == script


def test_the_performance_report_gives_each_pages_median() -> None:
    scores = {
        (page, run): Scores(page, {"performance": value}, {})
        for page, values in {"": [90, 96, 94], "tips/": [80, 70, 85]}.items()
        for run, value in enumerate(values, start=1)
    }
    report, medians = audit.performance_report(scores)
    assert medians == [94, 80]
    assert "median over pages 87, lowest 80" in report
