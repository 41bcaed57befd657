"""Measurements with ``torch.utils.benchmark``: warm-up, then median and IQR at pinned threads.

Examples:
    >>> import torch
    >>> from sitebuild.bench.timing import measure_many
    >>> t = measure_many({"x2": lambda: torch.ones(4) * 2}, min_run_time=0.01, rounds=1)["x2"]
    >>> t.median_s > 0 and t.iqr_s >= 0 and t.runs >= 1
    True
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
from torch.utils import benchmark

from sitebuild.bench.registry import Row

WARMUP_CALLS = 3
THREADS = 1
"""Pinned for every measurement: at 2 threads a shared 2-core machine is too noisy."""


@dataclass(frozen=True)
class Timing:
    """Median and interquartile range of one statement, in seconds."""

    median_s: float
    iqr_s: float
    runs: int

    def row(self, row: str, variant: str, **metrics: Any) -> Row:
        """This timing as the :class:`~sitebuild.bench.registry.Row` ``row``/``variant``."""
        return Row(row, variant, self.median_s, self.iqr_s, self.runs, metrics)


def measure_many(
    fns: dict[str, Callable[[], object]],
    *,
    min_run_time: float,
    rounds: int = 10,
    threads: int = THREADS,
) -> dict[str, Timing]:
    """Time several variants of one thing, interleaved in ``rounds``.

    Each round times every variant once, so a change in the machine's load
    during the measurement affects all variants alike and cancels out of their
    ratios. The median is taken over the rounds' medians; the IQR over all blocks.

    Examples:
        >>> import torch
        >>> found = measure_many({"a": lambda: torch.ones(2), "b": lambda: torch.zeros(2)},
        ...                      min_run_time=0.01, rounds=2)
        >>> sorted(found), all(t.median_s > 0 for t in found.values())
        (['a', 'b'], True)
    """
    for fn in fns.values():
        for _ in range(WARMUP_CALLS):
            fn()
    medians: dict[str, list[float]] = {name: [] for name in fns}
    blocks: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            if torch.cuda.is_available():
                torch.cuda.synchronize()
            timer = benchmark.Timer(stmt="fn()", globals={"fn": fn}, num_threads=threads)
            result = timer.blocked_autorange(min_run_time=min_run_time / rounds)
            medians[name].append(float(result.median))
            blocks[name].extend(float(t) for t in result.times)
    found = {}
    for name in fns:
        ordered = sorted(blocks[name])
        q1, q3 = ordered[len(ordered) // 4], ordered[(3 * len(ordered)) // 4]
        found[name] = Timing(
            median_s=statistics.median(medians[name]), iqr_s=q3 - q1, runs=len(ordered)
        )
    return found
