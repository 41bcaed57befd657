"""Lighthouse on one page of each kind in every language: accessibility, best practices and SEO
are 100, and accessibility stays 100 in the dark colour scheme. Performance is a benchmark, not a
gate: it is reported, as the median of ``LIGHTHOUSE_RUNS`` runs per page (1 in the test suite;
``make lighthouse`` asks for 3).

Each run is cached by the page's content (sitebuild.audit), so an unchanged page costs nothing.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path

import pytest

from sitebuild import audit

from ..support import ROOT


@pytest.fixture(scope="session")
def lighthouse() -> Path:
    try:
        return audit.lighthouse_cli(ROOT)
    except audit.LighthouseMissing as error:
        pytest.fail(str(error))


@pytest.mark.parametrize("page", audit.audited_pages())
def test_accessibility_best_practices_and_seo_are_100(
    built_site: Path, server: str, lighthouse: Path, page: str
) -> None:
    found = audit.score(ROOT, built_site, page, base_url=server + "/")
    below = {c: found.scores[c] for c in audit.GATED if found.scores[c] < 100}
    assert not below, f"/{page}: {below}; failing audits: {found.failing}"


@pytest.mark.parametrize("page", audit.audited_pages())
def test_accessibility_is_100_in_the_dark_scheme_too(
    built_site: Path, server: str, lighthouse: Path, page: str
) -> None:
    found = audit.score(
        ROOT, built_site, page, categories=("accessibility",), scheme="dark", base_url=server + "/"
    )
    assert found.scores["accessibility"] == 100, f"/{page} (dark): {found.failing}"


def test_performance_is_reported(built_site: Path, server: str, lighthouse: Path) -> None:
    runs = int(os.environ.get("LIGHTHOUSE_RUNS", "1"))
    lines = [f"{'page':36} {'performance (median of ' + str(runs) + ')':>28}"]
    medians = []
    for page in audit.audited_pages():
        scores = [
            audit.score(ROOT, built_site, page, run=n, base_url=server + "/").scores["performance"]
            for n in range(1, runs + 1)
        ]
        medians.append(statistics.median(scores))
        lines.append(f"{'/' + page:36} {medians[-1]:>28.0f}   runs: {scores}")
    lines.append(f"median over pages {statistics.median(medians):.0f}, lowest {min(medians):.0f}")
    report = "\n".join(lines)
    (ROOT / ".cache" / "lighthouse").mkdir(parents=True, exist_ok=True)
    (ROOT / ".cache" / "lighthouse" / "report.txt").write_text(report + "\n", encoding="utf-8")
    print("\n" + report)
    assert all(0 <= m <= 100 for m in medians) and len(medians) == len(audit.audited_pages())
