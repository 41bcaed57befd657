"""Time per sample against batch size, from 1 to 256, for inference under ``no_grad``.

A sweep rather than a comparison: the variants are the two MLPs, each row one batch size, and
``per_sample_s`` is a call's time divided by its batch.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

from sitebuild.bench.cases._shared import ceiling, flops_of, mlp, sweep_window
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
    models = {name: model.to(device).eval() for name, (model, _) in setups.items()}
    rows = []
    top = ceiling(device)
    for batch in BATCHES:
        calls: dict[str, Callable[[], object]] = {}
        for name, (_, features) in setups.items():
            x = torch.randn(batch, features, device=device)

            def call(model: torch.nn.Module = models[name], x: torch.Tensor = x) -> object:
                with torch.no_grad():
                    return model(x)

            calls[name] = call
        timed = measure_many(calls, min_run_time=sweep_window(quick), ceiling=top.call)
        for name, timing in timed.items():
            rows.append(
                timing.row(
                    f"B={batch}",
                    name,
                    batch=batch,
                    per_sample_s=timing.median_s / batch,
                    **top.rate(flops_of(calls[name]), timing),
                )
            )
    return rows
