"""Lighthouse performance, a benchmark rather than a gate: the median of ``LIGHTHOUSE_RUNS``
runs (3 by default) per page, cached by the page's content like the gated runs and written to
``.cache/lighthouse/report.txt``. ``make lighthouse`` runs it after the gates; ``make test`` does
not collect it (its name is not ``test_*``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitebuild.audit import lighthouse as audit

from ..support import ROOT, project


def test_performance_is_reported(built_site: Path, server: str) -> None:
    audit.lighthouse_cli(ROOT)
    wanted = os.environ.get("LIGHTHOUSE_RUNS", "3")
    if not wanted.isdigit() or int(wanted) < 1:
        pytest.fail(f"LIGHTHOUSE_RUNS={wanted!r}: runs per page, a whole number from 1")
    runs = tuple(range(1, int(wanted) + 1))
    pages = audit.audited_pages(project())
    found = audit.score_pages(
        ROOT, built_site, pages, categories=audit.PERFORMANCE, runs=runs, base_url=server + "/"
    )
    report, medians = audit.performance_report(found)
    (ROOT / ".cache" / "lighthouse" / "report.txt").write_text(report + "\n", encoding="utf-8")
    print("\n" + report)
    assert len(medians) == len(pages) and all(0 <= m <= 100 for m in medians)
