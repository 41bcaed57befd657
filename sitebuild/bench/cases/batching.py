"""256 samples in one batch against a Python loop over them, for inference under ``no_grad``."""

from __future__ import annotations

import torch

from sitebuild.bench.cases._shared import agreement_atol, ceiling, flops_of, mlp, under, window
from sitebuild.bench.registry import ARITHMETIC, Metric, Row, case
from sitebuild.bench.timing import measure_many


@case(
    baseline="loop", metrics=(Metric("agree", unit="bool", combine="all", show="note"), *ARITHMETIC)
)
def batching(quick: bool, device: torch.device) -> list[Row]:
    rows = []
    top = ceiling(device)
    torch.manual_seed(0)
    setups = {"tiny_mlp": (mlp(32), 16), "wide_mlp": (mlp(1024, features=1024), 1024)}
    for name, (model, features) in setups.items():
        model = model.to(device).eval()
        x = torch.randn(256, features, device=device)
        calls = {
            "loop": under(lambda: [model(x[i : i + 1]) for i in range(len(x))]),
            "batch": under(model, x),
        }
        with torch.no_grad():
            looped = torch.cat(calls["loop"]())  # type: ignore[arg-type]
            agree = bool(torch.allclose(model(x), looped, atol=agreement_atol(device)))
        timed = measure_many(calls, min_run_time=window(quick), baseline="loop", ceiling=top.call)
        flops = flops_of(calls["batch"])  # the loop does the same multiplications, a row at a time
        rows += [
            t.row(name, variant, agree=agree, **top.rate(flops, t)) for variant, t in timed.items()
        ]
    return rows
