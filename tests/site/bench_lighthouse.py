"""Lighthouse performance, a benchmark rather than a gate: the median of ``LIGHTHOUSE_RUNS``
runs (3 by default) per page, written to ``.cache/lighthouse/report.txt``.

Not collected by ``make test`` (its name is not ``test_*``); ``make lighthouse`` runs it after the
gates. Runs are cached by the page's content, like the gated ones.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path

from sitebuild import audit

from ..support import ROOT


def test_performance_is_reported(built_site: Path, server: str) -> None:
    audit.lighthouse_cli(ROOT)
    runs = tuple(range(1, int(os.environ.get("LIGHTHOUSE_RUNS", "3")) + 1))
    pages = audit.audited_pages()
    found = audit.score_pages(
        ROOT, built_site, pages, categories=("performance",), runs=runs, base_url=server + "/"
    )
    lines = [f"{'page':36} {'performance (median of ' + str(len(runs)) + ')':>28}"]
    medians = []
    for page in pages:
        scores = [found[page, n].scores["performance"] for n in runs]
        medians.append(statistics.median(scores))
        lines.append(f"{'/' + page:36} {medians[-1]:>28.0f}   runs: {scores}")
    lines.append(f"median over pages {statistics.median(medians):.0f}, lowest {min(medians):.0f}")
    report = "\n".join(lines)
    (ROOT / ".cache" / "lighthouse").mkdir(parents=True, exist_ok=True)
    (ROOT / ".cache" / "lighthouse" / "report.txt").write_text(report + "\n", encoding="utf-8")
    print("\n" + report)
    assert len(medians) == len(pages) and all(0 <= m <= 100 for m in medians)
