"""Run-to-run spread of the reported ratios: ``python -m sitebuild.bench.spread [--runs 3]``.

Measures the whole suite several times (nothing cached) and reports, for each speed-up a page
shows, ``(max - min) / median`` over the runs.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

from sitebuild.bench.render import CaseData
from sitebuild.bench.suite import Suite


def ratio_spreads(runs: list[dict[str, Any]]) -> dict[str, float]:
    """Relative spread of every ratio across ``runs``, keyed ``case.row.variant@device``.

    The ratios are the speed-ups against each case's baseline and the shares (of the peak, of the
    time spent in overhead), which the pages show and the claims check.
    """
    collected: dict[str, list[float]] = {}
    for results in runs:
        for case, described in results["cases"].items():
            shares = [m["name"] for m in described["metrics"] if m["unit"] == "share"]
            for device in described["devices"]:
                data = CaseData.of(results, case, device)
                for (row, variant), ratio in data.speedups().items():
                    if variant != data.baseline:
                        collected.setdefault(f"{case}.{row}.{variant}@{device}", []).append(ratio)
                for r in data.rows:
                    for name in shares:
                        if name in r.get("metrics", {}) and name != "padding_share":
                            key = f"{case}.{r['row']}.{r['variant']}.{name}@{device}"
                            collected.setdefault(key, []).append(r["metrics"][name])
    return {
        key: relative_spread(values)
        for key, values in collected.items()
        if len(values) == len(runs)
    }


def relative_spread(values: list[float]) -> float:
    """``(max - min) / median``: 0 for values all alike, even all 0 (an overhead share of a large
    tensor is 0 in every run), and infinite for values that differ around a median of 0.

    Examples:
        >>> round(relative_spread([0.9, 1.0, 1.1]), 3)
        0.2
        >>> relative_spread([0.0, 0.0, 0.0]), relative_spread([0.0, 0.0, 0.1])
        (0.0, inf)
    """
    low, high, middle = min(values), max(values), statistics.median(values)
    if high == low:
        return 0.0
    return (high - low) / middle if middle else math.inf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.bench.spread", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--keep", type=Path, help="also write each run to KEEP/run-N.json")
    args = parser.parse_args(argv)
    root = Path.cwd().resolve()
    suite = Suite(root, root / ".cache" / "bench")
    runs = []
    for number in range(1, args.runs + 1):
        runs.append(suite.measure(quick=args.quick, progress=True))
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            target = args.keep / f"run-{number}.json"
            target.write_text(json.dumps(runs[-1], indent=1) + "\n", encoding="utf-8")
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
