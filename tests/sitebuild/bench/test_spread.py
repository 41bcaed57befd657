"""sitebuild.bench.spread, on copies of the results recorded with the repository."""

from __future__ import annotations

import copy
import math
from typing import Any

from sitebuild.bench.spread import ratio_spreads, relative_spread


def test_runs_alike_spread_nothing(recorded: dict[str, Any]) -> None:
    spreads = ratio_spreads([recorded, copy.deepcopy(recorded), copy.deepcopy(recorded)])
    assert spreads, "no ratio was collected"
    assert set(spreads.values()) == {0.0}
    # Every kind the pages show: speed-ups over a baseline, and shares of the peak.
    assert any(key.startswith("no_grad.") and ".peak_share@" not in key for key in spreads)
    assert any(".peak_share@cpu" in key for key in spreads)


def test_a_share_that_moves_spreads_by_its_range_over_its_median(recorded: dict[str, Any]) -> None:
    runs = [copy.deepcopy(recorded) for _ in range(3)]
    moved = runs[0]["cases"]["batch_size"]["devices"]["cpu"][0]
    share = moved["metrics"]["peak_share"]
    moved["metrics"]["peak_share"] = share * 1.5
    key = f"batch_size.{moved['row']}.{moved['variant']}.peak_share@cpu"
    assert math.isclose(ratio_spreads(runs)[key], 0.5)


def test_a_spread_around_zero_is_infinite_and_zeros_alike_are_none() -> None:
    assert relative_spread([0.0, 0.0, 0.0]) == 0.0
    assert relative_spread([0.0, 0.0, 0.2]) == math.inf
    assert math.isclose(relative_spread([2.0, 3.0, 2.5]), 0.4)
