"""One measurement with ``torch.utils.benchmark``: warm-up, then median and IQR at pinned threads.

Example:
    >>> import torch
    >>> from dyndocs.bench.timing import measure
    >>> t = measure(lambda: torch.ones(4) * 2, min_run_time=0.01)
    >>> t.median_s > 0 and t.iqr_s >= 0 and t.runs >= 1
    True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import torch
from torch.utils import benchmark

WARMUP_CALLS = 3
THREADS = 1
"""Pinned for every measurement: at 2 threads a shared 2-core machine is too noisy."""


@dataclass(frozen=True)
class Timing:
    """Median and interquartile range of one statement, in seconds."""

    median_s: float
    iqr_s: float
    runs: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def measure(fn: Callable[[], object], *, min_run_time: float, threads: int = THREADS) -> Timing:
    """Time ``fn()`` after a warm-up; the Timer synchronises CUDA when it is in use."""
    for _ in range(WARMUP_CALLS):
        fn()
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    timer = benchmark.Timer(stmt="fn()", globals={"fn": fn}, num_threads=threads)
    result = timer.blocked_autorange(min_run_time=min_run_time)
    return Timing(median_s=float(result.median), iqr_s=float(result.iqr), runs=len(result.times))
