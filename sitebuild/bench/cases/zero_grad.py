"""A training step with ``zero_grad(set_to_none=True)`` (the default) and ``=False``."""

from __future__ import annotations

import torch

from sitebuild.bench.cases._shared import ceiling, flops_of, mlp, window
from sitebuild.bench.registry import ARITHMETIC, Row, case
from sitebuild.bench.timing import measure_many


@case(baseline="set_to_none", metrics=ARITHMETIC)
def zero_grad(quick: bool, device: torch.device) -> list[Row]:
    torch.manual_seed(0)
    # Width 512 keeps the weights and gradients in cache. At 1024 the step is bound by memory
    # bandwidth, which other tenants of a shared machine change from one second to the next.
    model = mlp(512, depth=3, features=256).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(32, 256, device=device)

    def step(set_to_none: bool) -> None:
        optimizer.zero_grad(set_to_none=set_to_none)
        model(x).square().mean().backward()
        optimizer.step()

    steps = {"set_to_none": lambda: step(True), "zero_fill": lambda: step(False)}
    top = ceiling(device)
    timed = measure_many(
        steps, min_run_time=window(quick), baseline="set_to_none", ceiling=top.call
    )
    # Forward and backward multiplications; the optimizer's update is elementwise and not counted.
    flops = flops_of(steps["set_to_none"])
    return [t.row("mlp_step", variant, **top.rate(flops, t)) for variant, t in timed.items()]
