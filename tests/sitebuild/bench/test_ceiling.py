"""sitebuild.bench.cases._shared.Ceiling: a rate's share of the peak, from the ceiling's product
timed beside it."""

from __future__ import annotations

import pytest
import torch

from sitebuild.bench.cases._shared import CEILING_SIDES, Ceiling, ceiling
from sitebuild.bench.timing import Timing


def test_the_share_is_the_flop_ratio_times_the_paired_time_ratio() -> None:
    top = Ceiling(call=lambda: None, side=2, flops=100)
    timing = Timing(1e-6, 0.0, 10, ceiling_ratio=4.0)  # the ceiling's call took 4 of these
    assert top.rate(50, timing) == {"gflops": pytest.approx(0.05), "peak_share": 2.0}


def test_a_timing_not_measured_beside_the_ceiling_has_no_share() -> None:
    top = Ceiling(call=lambda: None, side=2, flops=100)
    with pytest.raises(ValueError, match=r"measure_many\(\.\.\., ceiling=Ceiling\.call\)"):
        top.rate(50, Timing(1e-6, 0.0, 10))


def test_the_ceiling_is_the_square_product_with_its_flops_counted() -> None:
    top = ceiling(torch.device("cpu"))
    side = CEILING_SIDES["cpu"]
    assert top.side == side and top.flops == 2 * side**3
    assert tuple(top.call().shape) == (side, side)  # type: ignore[attr-defined]


def test_making_the_ceiling_leaves_the_random_stream_alone() -> None:
    torch.manual_seed(0)
    expected = torch.rand(3)
    torch.manual_seed(0)
    ceiling(torch.device("cpu"))
    assert torch.equal(torch.rand(3), expected)
