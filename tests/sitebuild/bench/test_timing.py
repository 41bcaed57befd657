"""sitebuild.bench.timing: variants take turns in blocks, and speed-ups are paired per round.

Nothing here times anything: ``torch.utils.benchmark.Timer`` is replaced by a scripted machine
whose speed changes from block to block, so every figure is known in advance.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from sitebuild.bench import timing
from sitebuild.bench.timing import Timing, calls_per_block, measure_many, paired_ratio


@dataclass
class PerCall:
    """What ``Timer.timeit`` returns, as far as timing reads it: the median time per call."""

    median: float


@dataclass
class ScriptedTimer:
    """A ``Timer`` of a statement that costs ``cost`` per call, on ``machine``."""

    name: str
    cost: float
    machine: ScriptedMachine

    def timeit(self, number: int) -> PerCall:
        return PerCall(self.cost * self.machine.next_block(self.name, number))


@dataclass
class ScriptedMachine:
    """A machine that runs the ``n``-th timed block ``slowdowns[n]`` times slower.

    Calibration is scripted too (each block is ``block_s`` at full speed), so every run of a
    timer is a timed block, recorded in ``calls``.
    """

    slowdowns: list[float]
    calls: list[tuple[str, int]] = field(default_factory=list)

    def timer(
        self, stmt: str, globals: dict[str, Callable[[], float]], num_threads: int
    ) -> ScriptedTimer:
        fn = globals["fn"]
        return ScriptedTimer(fn.__name__, fn(), self)

    def next_block(self, name: str, number: int) -> float:
        self.calls.append((name, number))
        return self.slowdowns[len(self.calls) - 1]

    def install(self, monkeypatch: pytest.MonkeyPatch) -> ScriptedMachine:
        monkeypatch.setattr(timing.benchmark, "Timer", self.timer)
        monkeypatch.setattr(
            timing, "calls_per_block", lambda t, block_s: (round(block_s / t.cost), t.cost)
        )
        return self


def statements(**costs: float) -> dict[str, Callable[[], float]]:
    """Statements named by their keys; calling one gives its cost per call at full speed."""
    found = {}
    for name, cost in costs.items():

        def fn(cost: float = cost) -> float:
            return cost

        fn.__name__ = name
        found[name] = fn
    return found


def swinging(rounds: int, variants: int = 2) -> list[float]:
    """A machine whose speed changes from round to round, by up to three times."""
    rng = random.Random(0)
    return [f for f in (rng.uniform(1.0, 3.0) for _ in range(rounds)) for _ in range(variants)]


def test_the_speed_up_is_the_median_of_paired_ratios(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's swings between rounds cancel out of each round's pair."""
    ScriptedMachine(swinging(20)).install(monkeypatch)
    found = measure_many(statements(eager=2e-6, trace=1e-6), min_run_time=0.2, baseline="eager")
    assert found["trace"].speedup == pytest.approx(2.0)
    assert found["eager"].speedup == pytest.approx(1.0)
    assert len(found["eager"].blocks) == len(found["trace"].blocks) == found["trace"].runs == 20


def test_a_burst_within_some_rounds_moves_the_speed_up_less_than_the_medians(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A burst that slows only the second block of a pair, in 5 rounds of 20: the paired
    median ignores those rounds; the ratio of the two medians, what the pages showed before,
    does not."""
    slowdowns = swinging(20)
    for index in (3, 7, 11, 15, 19):
        slowdowns[2 * index + 1] *= 2  # odd rounds run trace first: the burst hits eager
    ScriptedMachine(slowdowns).install(monkeypatch)
    found = measure_many(statements(eager=2e-6, trace=1e-6), min_run_time=0.2, baseline="eager")
    assert found["trace"].speedup == pytest.approx(2.0)
    assert found["eager"].median_s / found["trace"].median_s > 2.2


def test_rounds_alternate_which_variant_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    machine = ScriptedMachine([1.0] * 100).install(monkeypatch)
    measure_many(statements(a=2e-6, b=1e-6), min_run_time=0.1)
    order = [name for name, _ in machine.calls]
    assert order[:8] == ["a", "b", "b", "a", "a", "b", "b", "a"] and len(order) == 2 * 10


def test_a_quick_window_keeps_its_length(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten rounds of 10 ms blocks would double a 50 ms quick window: the blocks shrink."""
    machine = ScriptedMachine([1.0] * 100).install(monkeypatch)
    found = measure_many(statements(a=1e-7), min_run_time=0.05)
    assert {number for _, number in machine.calls} == {50_000} and found["a"].runs == 10


def test_slow_statements_run_at_least_the_minimum_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    machine = ScriptedMachine([1.0] * 100).install(monkeypatch)
    monkeypatch.setattr(timing, "calls_per_block", lambda t, block_s: (1, t.cost))
    found = measure_many(statements(a=0.05, b=0.02), min_run_time=0.6, min_rounds=5)
    assert found["a"].runs == 12  # 0.6 s over the slowest block, 0.05 s: more than 5
    assert {number for _, number in machine.calls} == {1}
    found = measure_many(statements(a=0.5), min_run_time=0.6, min_rounds=5)
    assert found["a"].runs == 5


def test_blocks_are_calibrated_to_their_length() -> None:
    """The count grows fourfold until a trial takes a quarter of a block, then fills the block."""
    trials: list[int] = []

    class Timer:
        def __init__(self, cost: float) -> None:
            self.cost = cost

        def timeit(self, number: int) -> PerCall:
            trials.append(number)
            return PerCall(self.cost)

    assert calls_per_block(Timer(2e-6), 0.01) == (5000, 2e-6)  # type: ignore[arg-type]
    assert trials == [1, 4, 16, 64, 256, 1024, 4096]
    trials.clear()
    assert calls_per_block(Timer(0.05), 0.01) == (1, 0.05)  # type: ignore[arg-type]
    assert trials == [1]


def test_an_unknown_baseline_is_named() -> None:
    with pytest.raises(KeyError, match="baseline 'nope' is not among the variants a, b"):
        measure_many(statements(a=1.0, b=1.0), min_run_time=0.01, baseline="nope")


def test_timings_of_different_rounds_do_not_pair() -> None:
    with pytest.raises(ValueError, match=r"not measured in the same rounds \(3 and 2 blocks\)"):
        paired_ratio(Timing(1.0, 0.0, 3, (1.0, 1.0, 1.0)), Timing(1.0, 0.0, 2, (1.0, 1.0)))


def test_a_timing_per_call_keeps_its_ratio() -> None:
    many = Timing(10.0, 2.0, 3, (10.0, 12.0, 8.0), speedup=1.5, ceiling_ratio=0.5)
    one = many.per_call(10)
    assert (one.median_s, one.iqr_s, one.speedup, one.ceiling_ratio) == (1.0, 0.2, 1.5, 5.0)
    assert one.blocks == pytest.approx((1.0, 1.2, 0.8))
    assert paired_ratio(many, one) == pytest.approx(10.0)


def test_a_share_of_the_ceiling_is_paired_per_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ceiling's call takes a turn in every round; the machine's swings cancel out of each
    round's ratio, and the ceiling adds no round."""
    ScriptedMachine(swinging(20, variants=3)).install(monkeypatch)
    found = measure_many(
        statements(eager=2e-6, trace=1e-6),
        min_run_time=0.2,
        baseline="eager",
        ceiling=statements(top=4e-3)["top"],
    )
    assert sorted(found) == ["eager", "trace"]
    assert found["eager"].ceiling_ratio == pytest.approx(2000.0)
    assert found["trace"].ceiling_ratio == pytest.approx(4000.0)
    assert found["trace"].speedup == pytest.approx(2.0) and found["trace"].runs == 20


def test_the_ceiling_is_one_call_a_round_on_either_side(monkeypatch: pytest.MonkeyPatch) -> None:
    machine = ScriptedMachine([1.0] * 100).install(monkeypatch)
    measure_many(statements(a=2e-6, b=1e-6), min_run_time=0.1, ceiling=statements(top=4e-3)["top"])
    turns = machine.calls
    assert [name for name, _ in turns[:6]] == ["a", "b", "top", "top", "b", "a"]
    assert {number for name, number in turns if name == "top"} == {1}
    assert len(turns) == 3 * 10


def test_without_a_ceiling_there_is_no_ceiling_ratio(monkeypatch: pytest.MonkeyPatch) -> None:
    ScriptedMachine([1.0] * 100).install(monkeypatch)
    assert measure_many(statements(a=1e-6), min_run_time=0.1)["a"].ceiling_ratio is None
