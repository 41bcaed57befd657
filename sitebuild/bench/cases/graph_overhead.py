"""One multiplication, with and without autograd recording it, across tensor sizes."""

from __future__ import annotations

import torch

from sitebuild.bench.cases._shared import window
from sitebuild.bench.registry import Metric, Row, case
from sitebuild.bench.timing import measure_many


@case(
    baseline="untracked", metrics=(Metric("overhead_s", unit="s", combine="median", show="note"),)
)
def graph_overhead(quick: bool, device: torch.device) -> list[Row]:
    rows = []
    for size in [1, 1_000, 100_000, 1_000_000]:
        a = torch.randn(size, device=device)
        b = torch.randn(size, device=device)
        a_tracked = a.clone().requires_grad_(True)
        timed = measure_many(
            {"untracked": lambda: torch.mul(a, b), "recorded": lambda: torch.mul(a_tracked, b)},
            min_run_time=window(quick),
        )
        plain, recorded = timed["untracked"], timed["recorded"]
        row = f"n={size:,}"
        rows.append(plain.row(row, "untracked"))
        rows.append(recorded.row(row, "recorded", overhead_s=recorded.median_s - plain.median_s))
    return rows
