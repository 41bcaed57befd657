"""Variants timed in turns with ``torch.utils.benchmark.Timer``, their ratios paired by round.

On a shared 2-core machine one core's speed swings by half within a second, so the variants of
one thing take turns in blocks of about 10 ms, each round in the opposite order from the last,
and a ratio is the median over rounds of one block's time over the other's in that round."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from torch.utils import benchmark

from sitebuild.bench.registry import Row

THREADS = 1  # at 2 threads a shared 2-core machine is too noisy
BLOCK_S, MIN_ROUNDS = 0.01, 10


@dataclass(frozen=True)
class Timing:
    """Seconds per call: median and IQR of the blocks (``blocks``, one a round, in order), and
    the paired ratios :func:`measure_many` was asked for."""

    median_s: float
    iqr_s: float
    runs: int
    blocks: tuple[float, ...] = field(default=(), repr=False)
    speedup: float | None = None
    ceiling_ratio: float | None = None

    def row(self, row: str, variant: str, **metrics: Any) -> Row:
        return Row(
            row, variant, self.median_s, self.iqr_s, self.runs, metrics, speedup=self.speedup
        )

    def per_call(self, calls: int) -> Timing:
        """This timing of ``calls`` operations as the timing of one; the speed-up stays."""
        ratio = None if self.ceiling_ratio is None else self.ceiling_ratio * calls
        blocks = tuple(b / calls for b in self.blocks)
        median, iqr = self.median_s / calls, self.iqr_s / calls
        return replace(self, median_s=median, iqr_s=iqr, blocks=blocks, ceiling_ratio=ratio)


def paired_ratio(numerator: Timing, denominator: Timing) -> float:
    """The median over rounds of ``numerator``'s block time over ``denominator``'s."""
    if not numerator.blocks or len(numerator.blocks) != len(denominator.blocks):
        raise ValueError(
            f"paired ratio of timings not measured in the same rounds "
            f"({len(numerator.blocks)} and {len(denominator.blocks)} blocks)"
        )
    return statistics.median(
        n / d for n, d in zip(numerator.blocks, denominator.blocks, strict=True)
    )


def calls_per_block(timer: benchmark.Timer, block_s: float) -> tuple[int, float]:
    """How many calls make a block of about ``block_s``, and the time of one call: the count
    grows fourfold until a trial takes a quarter of a block. ``Timer.timeit(number)`` pins the
    threads, waits for an accelerator, and makes ``max(number // 100, 2)`` warm-up calls first."""
    number = 1
    while (per_call := float(timer.timeit(number).median)) * number < block_s / 4:
        number *= 4
    return max(1, round(block_s / per_call)), per_call


def measure_many(
    fns: Mapping[str, Callable[[], object]],
    *,
    min_run_time: float,
    baseline: str | None = None,
    ceiling: Callable[[], object] | None = None,
    min_rounds: int = MIN_ROUNDS,
) -> dict[str, Timing]:
    """Time ``fns`` in blocks that take turns, about ``min_run_time`` each. With ``baseline``,
    ``speedup`` is the paired ratio of the baseline's blocks to each one's; with ``ceiling``, one
    call of it takes a turn every round (adding none), so shares of the peak pair too, and
    ``ceiling_ratio`` is the paired ratio of that call to each one's block.

    Examples:
        >>> import torch
        >>> found = measure_many({"a": lambda: torch.ones(2), "b": lambda: torch.zeros(2)},
        ...                      min_run_time=0.01, min_rounds=2, baseline="a")
        >>> sorted(found), found["a"].speedup
        (['a', 'b'], 1.0)
    """
    if baseline is not None and baseline not in fns:
        raise KeyError(f"baseline {baseline!r} is not among the variants {', '.join(fns)}")

    def timer(fn: Callable[[], object]) -> benchmark.Timer:
        return benchmark.Timer(stmt="fn()", globals={"fn": fn}, num_threads=THREADS)

    timers: dict[str | None, benchmark.Timer] = {name: timer(fn) for name, fn in fns.items()}
    block = min(BLOCK_S, min_run_time / min_rounds)  # a quick run keeps to its short window
    numbers: dict[str | None, int] = {}
    longest = block
    for name in fns:
        numbers[name], per_call = calls_per_block(timers[name], block)
        longest = max(longest, numbers[name] * per_call)
    if ceiling is not None:  # None: the ceiling's turn, one call
        timers[None], numbers[None] = timer(ceiling), 1
    rounds = max(min_rounds, round(min_run_time / longest))
    blocks: dict[str | None, list[float]] = {name: [] for name in timers}
    order = list(timers)
    for index in range(rounds):
        for turn in order if index % 2 == 0 else reversed(order):
            blocks[turn].append(float(timers[turn].timeit(numbers[turn]).median))

    def timing(times: list[float]) -> Timing:
        ordered = sorted(times)
        iqr = ordered[(3 * len(ordered)) // 4] - ordered[len(ordered) // 4]
        return Timing(statistics.median(ordered), iqr, len(ordered), tuple(times))

    found = {name: timing(blocks[name]) for name in fns}
    if baseline is not None:
        found = {k: replace(t, speedup=paired_ratio(found[baseline], t)) for k, t in found.items()}
    if ceiling is not None:
        top = timing(blocks[None])
        found = {k: replace(t, ceiling_ratio=paired_ratio(top, t)) for k, t in found.items()}
    return found
