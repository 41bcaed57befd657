"""Run-to-run spread of the reported ratios: ``python -m sitebuild.bench.spread [--runs 3]``.

Measures the whole suite several times (nothing cached) and reports, for each ratio a page
shows, ``(max - min) / median`` over the runs, and how many of each kind are within 10%.
``--keep DIR`` also writes each run to ``DIR/run-N.json``; ``--kept DIR`` reports on those
files again without measuring.
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


WITHIN = 0.10
"""The spread a ratio should stay within (issue 12's target, as for the existing ones)."""


def kind_of(key: str) -> str:
    """The kind of a :func:`ratio_spreads` key: ``speed-up``, or the share it is.

    Examples:
        >>> kind_of("no_grad.wide_mlp.no_grad@cpu"), kind_of("cpp.tiny_mlp.cpp.peak_share@cpu")
        ('speed-up', 'peak_share')
    """
    last = key.rsplit("@", 1)[0].rsplit(".", 1)[-1]
    return last if last.endswith("_share") else "speed-up"


def summary(spreads: dict[str, float]) -> list[str]:
    """A line for all the ratios, then one per kind: how many are within WITHIN.

    Examples:
        >>> for line in summary({"a.r.v@cpu": 0.02, "a.r.v.peak_share@cpu": 0.3}):
        ...     print(line)
        1 of 2 ratios within 10%; median spread 16.0%
          peak_share: 0 of 1
          speed-up: 1 of 1
    """
    if not spreads:
        raise ValueError("no ratio is in every run: were they measured by the same code?")

    def within(values: list[float]) -> int:
        return sum(1 for value in values if value <= WITHIN)

    values = list(spreads.values())
    lines = [
        f"{within(values)} of {len(values)} ratios within {WITHIN:.0%}; "
        f"median spread {statistics.median(values):.1%}"
    ]
    kinds: dict[str, list[float]] = {}
    for key, spread in spreads.items():
        kinds.setdefault(kind_of(key), []).append(spread)
    lines += [f"  {kind}: {within(v)} of {len(v)}" for kind, v in sorted(kinds.items())]
    return lines


def kept_runs(folder: Path) -> list[dict[str, Any]]:
    """The runs ``--keep`` wrote to ``folder``, in order.

    Raises:
        ValueError: ``folder`` holds fewer than two runs, or a ``run-*.json`` that is not one
            (no number, or no JSON); the message names the folder or the file.
    """
    numbered = {}
    for path in folder.glob("run-*.json"):
        number = path.stem.removeprefix("run-")
        if not number.isdigit():
            raise ValueError(f"{path}: not a kept run (--keep writes run-N.json, N a number)")
        numbered[int(number)] = path
    if len(numbered) < 2:
        raise ValueError(
            f"{folder}: a spread needs at least 2 kept runs (run-N.json), found {len(numbered)}"
        )
    runs = []
    for _, path in sorted(numbered.items()):
        try:
            runs.append(json.loads(path.read_text(encoding="utf-8")))
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}: not a kept run: {error}") from error
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.bench.spread", description=__doc__)
    parser.add_argument("--runs", type=int, help="how many runs to measure (3 unless given)")
    parser.add_argument("--quick", action="store_true")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--keep", type=Path, help="also write each run to KEEP/run-N.json")
    source.add_argument("--kept", type=Path, help="report on the runs --keep wrote there")
    args = parser.parse_args(argv)
    if args.kept and (args.runs is not None or args.quick):
        parser.error("--kept reports on runs already measured: --runs and --quick measure")
    try:
        runs = (
            kept_runs(args.kept)
            if args.kept
            else measured_runs(args.runs or 3, args.quick, args.keep)
        )
        spreads = ratio_spreads(runs)
        lines = summary(spreads)
    except ValueError as error:
        parser.error(str(error))
    for key, spread in sorted(spreads.items(), key=lambda item: -item[1]):
        print(f"{spread:7.1%}  {key}")
    print(f"over {len(runs)} runs:")
    print("\n".join(lines))
    return 0


def measured_runs(count: int, quick: bool, keep: Path | None) -> list[dict[str, Any]]:
    """``count`` runs of the whole suite, nothing cached, each also written to ``keep``."""
    root = Path.cwd().resolve()
    suite = Suite(root, root / ".cache" / "bench")
    runs = []
    for number in range(1, count + 1):
        runs.append(suite.measure(quick=quick, progress=True))
        if keep:
            keep.mkdir(parents=True, exist_ok=True)
            target = keep / f"run-{number}.json"
            target.write_text(json.dumps(runs[-1], indent=1) + "\n", encoding="utf-8")
    return runs


if __name__ == "__main__":
    sys.exit(main())
