"""Run-to-run spread of the reported ratios: ``python -m sitebuild.bench.spread [--runs 3]``.

Measures the whole suite several times (nothing cached) and reports, for each speed-up a page
shows, ``(max - min) / median`` over the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from sitebuild.bench.render import CaseData
from sitebuild.bench.suite import Suite


def ratio_spreads(runs: list[dict[str, Any]]) -> dict[str, float]:
    """Relative spread of every speed-up across ``runs``, keyed ``case.row.variant@device``."""
    collected: dict[str, list[float]] = {}
    for results in runs:
        for case, described in results["cases"].items():
            for device in described["devices"]:
                data = CaseData.of(results, case, device)
                for (row, variant), ratio in data.speedups().items():
                    if variant != data.baseline:
                        collected.setdefault(f"{case}.{row}.{variant}@{device}", []).append(ratio)
    return {
        key: (max(values) - min(values)) / statistics.median(values)
        for key, values in collected.items()
        if len(values) == len(runs)
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.bench.spread", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    root = Path.cwd().resolve()
    suite = Suite(root, root / ".cache" / "bench")
    runs = [suite.measure(quick=args.quick, progress=True) for _ in range(args.runs)]
    spreads = ratio_spreads(runs)
    for key, spread in sorted(spreads.items(), key=lambda item: -item[1]):
        print(f"{spread:7.1%}  {key}")
    within = sum(1 for s in spreads.values() if s <= 0.10)
    print(
        f"{within} of {len(spreads)} ratios within 10% over {args.runs} runs; "
        f"median spread {statistics.median(spreads.values()):.1%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
