"""The machine's ceiling: a square ``torch.mm`` at one thread, in GFLOP/s, for the provenance."""

from __future__ import annotations

import torch

from sitebuild.bench.cases._shared import ceiling, window
from sitebuild.bench.registry import Metric, Row, case
from sitebuild.bench.timing import measure_many


@case(
    baseline="",
    metrics=(Metric("size", unit="count", show="note"), Metric("gflops", "gflops", "median")),
)
def peak(quick: bool, device: torch.device) -> list[Row]:
    top = ceiling(device)
    timed = measure_many({"mm": top.call}, min_run_time=window(quick), min_rounds=5)["mm"]
    return [timed.row("matmul", "mm", size=top.side, gflops=top.flops / timed.median_s / 1e9)]
