"""sitebuild.audit.lighthouse: which pages are scored, the tool's files, the performance report.

Lighthouse itself runs in tests/site/test_lighthouse.py, on the built site.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.audit import lighthouse as audit

from ..support import locales, project


def test_every_kind_of_page_is_audited_in_every_language() -> None:
    pages = audit.audited_pages(project())
    assert len(pages) == len(audit.PAGES) * len(locales())
    for locale in locales()[1:]:
        assert f"{locale}/reference/api/" in pages
    assert "" in pages and "glossary/" in pages


def test_axe_is_found_where_lighthouse_installs_it_or_named_missing(tmp_path: Path) -> None:
    with pytest.raises(audit.LighthouseMissing, match="make lighthouse-tool"):
        audit.axe_script(tmp_path)
    script = tmp_path / audit.TOOL_DIR / "node_modules" / "axe-core" / "axe.min.js"
    script.parent.mkdir(parents=True)
    script.write_text("window.axe = {};")
    assert audit.axe_script(tmp_path) == script


def test_the_performance_report_gives_each_pages_median() -> None:
    scores = {
        (page, run): {"scores": {"performance": value}, "failing": {}, "kib": kib}
        for page, values in {
            "": [(90, 300.0), (96, 310.0)],
            "tips/": [(80, 421.0), (70, 423.0)],
        }.items()
        for run, (value, kib) in enumerate(values, start=1)
    }
    report, medians = audit.performance_report(scores)
    assert medians == [93, 75]
    assert "median over pages 84, lowest 75; heaviest page 422 KiB" in report
    assert report.splitlines()[2].split()[:3] == ["/tips/", "75", "422"]


def test_a_performance_run_keeps_the_pages_weight() -> None:
    report = {
        "categories": {"performance": {"score": 0.93, "auditRefs": []}},
        "audits": {"total-byte-weight": {"numericValue": 431_104}},
    }
    assert audit.summarise(report, audit.PERFORMANCE) == {
        "scores": {"performance": 93},
        "failing": {},
        "kib": 421.0,
    }
