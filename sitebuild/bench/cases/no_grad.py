"""Forward passes with autograd on, under ``no_grad`` and under ``inference_mode``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from dyndocs.inspect import saved_bytes
from sitebuild.bench.cases._shared import ceiling, flops_of, models, under, window
from sitebuild.bench.registry import ARITHMETIC, Metric, Row, case
from sitebuild.bench.timing import measure_many

CONTEXTS: dict[str, Callable[[], Any]] = {
    "grad": torch.enable_grad,
    "no_grad": torch.no_grad,
    "inference_mode": torch.inference_mode,
}


@case(baseline="grad", metrics=(Metric("saved_bytes", unit="bytes"), *ARITHMETIC))
def no_grad(quick: bool, device: torch.device) -> list[Row]:
    rows = []
    top = ceiling(device)
    for name, (model, x) in models(device).items():
        forwards = {variant: under(model, x, mode=mode) for variant, mode in CONTEXTS.items()}
        timed = measure_many(
            forwards, min_run_time=window(quick), baseline="grad", ceiling=top.call
        )
        flops = flops_of(forwards["no_grad"])
        for variant, timed_forward in forwards.items():
            # Activations and inputs only: the parameters exist whether a graph is recorded or not.
            kept = saved_bytes(timed_forward, exclude=model)
            rate = top.rate(flops, timed[variant])
            rows.append(timed[variant].row(name, variant, saved_bytes=kept, **rate))
    return rows
