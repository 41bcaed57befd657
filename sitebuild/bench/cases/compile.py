"""Eager vs TorchScript trace and script vs ``torch.compile``, with compile time apart.

``setup_s`` is each model's own compile in empty caches: Inductor's start-up is taken by a
throwaway layer first, and each first call runs in ``fresh_cache``, so no result of an earlier
run is reused (but the precompiled header). Rows but compile's count the ATen operations a call
runs (``ops``): a trace keeps only the path it saw."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import torch
from torch import nn

from dyndocs.inspect import CapturedGraphs
from dyndocs.models.compiled import MyModule
from dyndocs.models.tips import MeanBranchNet
from sitebuild.bench.cases._shared import (
    agreement_atol,
    ceiling,
    flops_of,
    models,
    ops_of,
    under,
    window,
)
from sitebuild.bench.registry import ARITHMETIC, Metric, Row, case
from sitebuild.bench.timing import measure_many

# TorchScript's deprecation and tracer warnings are the subject: the worker ignores warnings.
PREPARE: dict[str, Callable[[nn.Module, torch.Tensor, CapturedGraphs], Any]] = {
    "eager": lambda model, x, graphs: model,
    "trace": lambda model, x, graphs: torch.jit.trace(model, x),
    "script": lambda model, x, graphs: torch.jit.script(model),
    "compile": lambda model, x, graphs: torch.compile(model, backend=graphs),
}


@case(
    baseline="eager",
    processes=1,  # compiling is slow; its paired ratios spread up to 16% over 3 runs on 2 cores
    metrics=(
        Metric("setup_s", unit="s"),
        Metric("ops", unit="count"),
        Metric("graphs", unit="count"),
        Metric("graph_breaks", unit="count"),
        Metric("flip_graphs", unit="count"),
        Metric("matches_eager", unit="bool", combine="all", show="note"),
        *ARITHMETIC,
    ),
)
def compile(quick: bool, device: torch.device) -> list[Row]:  # noqa: A001 - the case's name
    from torch._inductor.compile_fx import compile_fx
    from torch._inductor.utils import fresh_cache

    top = ceiling(device)
    torch.manual_seed(0)
    cases: dict[str, tuple[nn.Module, torch.Tensor]] = {
        "my_module": (MyModule().to(device).eval(), torch.randn(8, 10, device=device))
    }
    cases.update(models(device))
    torch.manual_seed(0)
    mean_branch = MeanBranchNet(in_features=10, out_features=10).to(device).eval()
    cases["mean_branch"] = (mean_branch, torch.randn(4, 10, device=device))
    # Inductor's start-up, on a layer and a ReLU: parameters, and a kernel of Inductor's own,
    # for which the first C++ compile in a process checks the compiler and the CPU.
    throwaway = nn.Sequential(nn.Linear(3, 2), nn.ReLU()).to(device)
    with torch.no_grad(), fresh_cache():
        warm_up = CapturedGraphs(compiler=compile_fx)
        torch.compile(throwaway, backend=warm_up)(torch.ones(2, 3, device=device))
    torch._dynamo.reset()
    rows: list[Row] = []
    for name, (model, x) in cases.items():
        with torch.no_grad():  # measured for every row, not assumed
            breaks = torch._dynamo.explain(model)(x).graph_break_count
            reference = model(x)
            flops = flops_of(lambda: model(x))
        calls: dict[str, Callable[[], object]] = {}
        metrics: dict[str, dict[str, Any]] = {}
        for variant, prepare in PREPARE.items():
            torch._dynamo.reset()
            graphs = CapturedGraphs(compiler=compile_fx)
            start = time.perf_counter()
            try:
                run = prepare(model, x, graphs)
                with torch.no_grad(), fresh_cache():
                    first = run(x)  # torch.compile compiles here, on the first call
            except Exception as error:  # noqa: BLE001 - a model TorchScript cannot handle is a result
                rows.append(Row(name, variant, unsupported=type(error).__name__))
                continue
            found: dict[str, Any] = {
                "matches_eager": bool(torch.allclose(first, reference, atol=agreement_atol(device)))
            }
            if variant != "eager":
                found["setup_s"] = time.perf_counter() - start
            if variant == "compile":
                found.update(graphs=len(graphs), graph_breaks=breaks)
                if name == "mean_branch":
                    before = len(graphs)
                    other = -x.abs() if x.mean() > 0 else x.abs() + 1  # takes the other branch
                    with torch.no_grad():
                        run(other)
                    found["flip_graphs"] = len(graphs) - before
            call = under(run, x)
            if variant != "compile":
                found["ops"] = ops_of(call)
            calls[variant], metrics[variant] = call, found
        timed = measure_many(calls, min_run_time=window(quick), baseline="eager", ceiling=top.call)
        for variant in calls:
            rate = top.rate(flops, timed[variant])
            rows.append(timed[variant].row(name, variant, **metrics[variant], **rate))
    torch._dynamo.reset()
    return rows
