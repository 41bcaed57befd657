"""Time per sample against batch size, for the two MLPs under ``no_grad``: a sweep, no baseline."""

from __future__ import annotations

import torch

from sitebuild.bench.cases._shared import ceiling, flops_of, mlp, under, window
from sitebuild.bench.registry import ARITHMETIC, LineChart, Metric, Row, case
from sitebuild.bench.timing import measure_many

BATCHES = (1, 4, 16, 64, 256)


@case(
    baseline="",
    metrics=(
        Metric("batch", unit="count", show="hidden"),
        Metric("per_sample_s", unit="s", combine="median"),
        *ARITHMETIC,
    ),
    charts=(LineChart("batch_size", x="batch", y="per_sample_s"),),
)
def batch_size(quick: bool, device: torch.device) -> list[Row]:
    torch.manual_seed(0)
    setups = {"tiny_mlp": (mlp(32), 16), "wide_mlp": (mlp(1024, features=1024), 1024)}
    rows = []
    top = ceiling(device)
    for batch in BATCHES:
        calls = {
            name: under(model.to(device).eval(), torch.randn(batch, features, device=device))
            for name, (model, features) in setups.items()
        }
        timed = measure_many(calls, min_run_time=window(quick, sweep=True), ceiling=top.call)
        for name, t in timed.items():
            rate = top.rate(flops_of(calls[name]), t)
            rows.append(
                t.row(f"B={batch}", name, batch=batch, per_sample_s=t.median_s / batch, **rate)
            )
    return rows
