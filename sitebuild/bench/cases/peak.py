"""The machine's ceiling: a large square ``torch.mm`` at one thread, in GFLOP/s.

The suite runs this case first and records its figure in the provenance; every case that does
real arithmetic reports its own rate as a share of it (``peak_share``). On a GPU the matrices are
larger, since 1024² leaves most of a GPU idle; on a CPU at one thread 512² to 2048² reach the
same rate.
"""

from __future__ import annotations

import torch

from sitebuild.bench.cases._shared import flops_of, gflops, window
from sitebuild.bench.registry import Metric, Row, case
from sitebuild.bench.timing import measure_many

SIZES = {"cpu": 1024, "cuda": 8192}


@case(
    baseline="",
    metrics=(
        Metric("size", unit="count", show="note"),
        Metric("gflops", unit="gflops", combine="median"),
    ),
)
def peak(quick: bool, device: torch.device) -> list[Row]:
    size = SIZES[device.type] // (4 if quick else 1)
    torch.manual_seed(0)
    a = torch.randn(size, size, device=device)
    b = torch.randn(size, size, device=device)
    flops = flops_of(lambda: torch.mm(a, b))
    timed = measure_many({"mm": lambda: torch.mm(a, b)}, min_run_time=window(quick), min_rounds=5)
    return [timed["mm"].row("matmul", "mm", size=size, gflops=gflops(flops, timed["mm"].median_s))]
