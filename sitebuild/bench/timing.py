"""Measurements with ``torch.utils.benchmark``: warm-up, then median and IQR at pinned threads.

Variants of one thing are timed in short blocks that take turns, and a variant's speed-up over
its baseline is the median of the blocks' ratios, each against the baseline's block beside it.
On a shared 2-core machine the speed of one core swings by half within a second; a block of
10 ms is short enough that the two blocks of a pair see the same machine. In six processes, the
ratio of eager to traced ``tiny_mlp`` spread 21% as a ratio of medians over 60 ms blocks, and
10% as the median of paired ratios over 10 ms blocks, for the same time spent timing.

``torch.utils.benchmark`` offers adaptive timing of one statement (``blocked_autorange``), not
of several taking turns, so the turns are here. Each block is one run of its ``Timer``, without
the two warm-up calls ``Timer.timeit`` makes before every block: the variants are warmed up once,
and a block of one slow call (a training loop of 0.27 s) would otherwise cost three.

A share of the machine's peak is paired the same way. The ``ceiling``, the peak's matrix product,
takes its turn in every round as one call, and each variant's ``ceiling_ratio`` is the median of
the ceiling's time over the variant's block beside it. The peak measured in a process of its own
swung by half between full runs (44.6, 57.3 and 67.0 GFLOP/s), and every share with it.

Examples:
    >>> import torch
    >>> from sitebuild.bench.timing import measure_many
    >>> t = measure_many({"x2": lambda: torch.ones(4) * 2}, min_run_time=0.01, min_rounds=1)["x2"]
    >>> t.median_s > 0 and t.iqr_s >= 0 and t.runs >= 1
    True
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import torch
from torch.utils import benchmark
from torch.utils.benchmark.utils.common import set_torch_threads

from sitebuild.bench.registry import Row

WARMUP_CALLS = 3
THREADS = 1
"""Pinned for every measurement: at 2 threads a shared 2-core machine is too noisy."""
BLOCK_S = 0.01
"""How long one block of calls takes: the time over which the machine must hold still."""
MIN_ROUNDS = 10


@dataclass(frozen=True)
class Timing:
    """Median and interquartile range of one statement, in seconds per call.

    ``blocks`` are its blocks' times per call, one per round, in the order they ran; ``speedup``
    is the median ratio of the baseline's block to this one in the same round, when
    :func:`measure_many` was given a baseline, and ``ceiling_ratio`` that of the ceiling's call
    to this one, when it was given a ceiling.
    """

    median_s: float
    iqr_s: float
    runs: int
    blocks: tuple[float, ...] = field(default=(), repr=False)
    speedup: float | None = None
    ceiling_ratio: float | None = None

    def row(self, row: str, variant: str, **metrics: Any) -> Row:
        """This timing as the :class:`~sitebuild.bench.registry.Row` ``row``/``variant``."""
        return Row(
            row, variant, self.median_s, self.iqr_s, self.runs, metrics, speedup=self.speedup
        )

    def per_call(self, calls: int) -> Timing:
        """This timing of ``calls`` operations as the timing of one; ratios do not change.

        Examples:
            >>> Timing(2.0, 0.4, 3, (2.0, 2.2, 1.8), speedup=1.5).per_call(2)
            Timing(median_s=1.0, iqr_s=0.2, runs=3, speedup=1.5, ceiling_ratio=None)
            >>> Timing(2.0, 0.4, 3, (2.0, 2.2, 1.8), ceiling_ratio=0.5).per_call(2).ceiling_ratio
            1.0
        """
        return replace(
            self,
            median_s=self.median_s / calls,
            iqr_s=self.iqr_s / calls,
            blocks=tuple(b / calls for b in self.blocks),
            ceiling_ratio=None if self.ceiling_ratio is None else self.ceiling_ratio * calls,
        )


def paired_ratio(numerator: Timing, denominator: Timing) -> float:
    """The median over rounds of ``numerator``'s block time over ``denominator``'s.

    Examples:
        >>> fast = Timing(1.0, 0.0, 3, (1.0, 2.0, 1.0))
        >>> slow = Timing(3.0, 0.0, 3, (3.0, 6.0, 3.5))  # the machine slowed down in round 2
        >>> paired_ratio(slow, fast)
        3.0

    Raises:
        ValueError: The two were not timed in the same rounds.
    """
    if not numerator.blocks or len(numerator.blocks) != len(denominator.blocks):
        raise ValueError(
            f"paired ratio of timings not measured in the same rounds "
            f"({len(numerator.blocks)} and {len(denominator.blocks)} blocks)"
        )
    return statistics.median(
        n / d for n, d in zip(numerator.blocks, denominator.blocks, strict=True)
    )


def block_time(timer: benchmark.Timer, number: int) -> float:
    """Seconds per call of one block of ``number`` calls (``Timer.timeit`` without its warm-up)."""
    return float(timer._timeit(number)) / number


def calls_per_block(timer: benchmark.Timer, block_s: float) -> tuple[int, float]:
    """How many calls make a block of about ``block_s``, and the time of one call.

    The count grows fourfold until a trial takes a quarter of a block, so a 1 µs statement
    costs about a block of calibration and a 50 ms one costs a single call.
    """
    number = 1
    while True:
        per_call = block_time(timer, number)
        if per_call * number >= block_s / 4:
            return max(1, round(block_s / per_call)), per_call
        number *= 4


def measure_many(
    fns: dict[str, Callable[[], object]],
    *,
    min_run_time: float,
    baseline: str | None = None,
    ceiling: Callable[[], object] | None = None,
    min_rounds: int = MIN_ROUNDS,
    block_s: float = BLOCK_S,
    threads: int = THREADS,
) -> dict[str, Timing]:
    """Time several variants of one thing in blocks that take turns, about ``min_run_time`` each.

    Every round times each variant once, in the opposite order from the round before, so neither
    always runs first. With ``baseline``, every timing's ``speedup`` is the median over rounds of
    the baseline's block time over its own (:func:`paired_ratio`). With ``ceiling``, one call of it
    takes its turn in every round too, after the variants or before them, and every timing's
    ``ceiling_ratio`` is the median over rounds of that call's time over its own time per call.
    The ceiling is not among the timings, and does not change how many rounds there are.

    Examples:
        >>> import torch
        >>> found = measure_many({"a": lambda: torch.ones(2), "b": lambda: torch.zeros(2)},
        ...                      min_run_time=0.01, min_rounds=2, baseline="a")
        >>> sorted(found), all(t.median_s > 0 for t in found.values()), found["a"].speedup
        (['a', 'b'], True, 1.0)

    Raises:
        KeyError: ``baseline`` is not one of ``fns``.
    """
    if baseline is not None and baseline not in fns:
        raise KeyError(f"baseline {baseline!r} is not among the variants {', '.join(fns)}")
    for fn in [*fns.values(), *([ceiling] if ceiling else [])]:
        for _ in range(WARMUP_CALLS):
            fn()
    timers = {
        name: benchmark.Timer(stmt="fn()", globals={"fn": fn}, num_threads=threads)
        for name, fn in fns.items()
    }
    top = None
    if ceiling is not None:
        top = benchmark.Timer(stmt="fn()", globals={"fn": ceiling}, num_threads=threads)
    top_blocks: list[float] = []
    block = min(block_s, min_run_time / min_rounds)  # a quick run keeps to its short window
    numbers: dict[str, int] = {}
    blocks: dict[str, list[float]] = {name: [] for name in fns}
    names = list(fns)
    with set_torch_threads(threads):
        longest = block
        for name, timer in timers.items():
            numbers[name], per_call = calls_per_block(timer, block)
            longest = max(longest, numbers[name] * per_call)
        rounds = max(min_rounds, round(min_run_time / longest))
        order: list[str | None] = [*names, *([None] if top else [])]  # None: the ceiling's call
        for index in range(rounds):
            for turn in order if index % 2 == 0 else reversed(order):
                if torch.cuda.is_available():
                    torch.cuda.synchronize()
                if turn is not None:
                    blocks[turn].append(block_time(timers[turn], numbers[turn]))
                elif top is not None:
                    top_blocks.append(block_time(top, 1))
    found = {}
    for name in fns:
        ordered = sorted(blocks[name])
        q1, q3 = ordered[len(ordered) // 4], ordered[(3 * len(ordered)) // 4]
        found[name] = Timing(
            median_s=statistics.median(ordered),
            iqr_s=q3 - q1,
            runs=len(ordered),
            blocks=tuple(blocks[name]),
        )
    if baseline is not None:
        base = found[baseline]
        found = {name: replace(t, speedup=paired_ratio(base, t)) for name, t in found.items()}
    if top_blocks:
        top_timing = Timing(statistics.median(top_blocks), 0.0, rounds, tuple(top_blocks))
        found = {
            name: replace(t, ceiling_ratio=paired_ratio(top_timing, t)) for name, t in found.items()
        }
    return found
