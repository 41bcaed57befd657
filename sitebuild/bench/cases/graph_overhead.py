"""One multiplication across tensor sizes: recorded, under ``no_grad`` (the baseline), and in a
loop in C++, the operation without Python around it. ``overhead_share`` is the part of a recorded
call that is not that operation. ``svdvals`` is recorded and not, on a 256x256 matrix."""

from __future__ import annotations

from functools import partial

import torch

from sitebuild.bench.cases._cpp import NoCompiler, extension
from sitebuild.bench.cases._shared import under, window
from sitebuild.bench.registry import LineChart, Metric, Row, case
from sitebuild.bench.timing import measure_many, paired_ratio

SIZES = (1, 10, 100, 1_000, 10_000, 100_000, 1_000_000)


@case(
    baseline="no_grad",
    metrics=(
        Metric("elements", unit="count", show="hidden"),
        Metric("overhead_s", unit="s", combine="median", show="hidden"),
        Metric("overhead_share", unit="share", combine="median"),
    ),
    charts=(
        LineChart(
            "graph_overhead",
            x="elements",
            variants=("recorded", "no_grad", "cpp"),
            crossover=("recorded", "overhead_share", 0.10),
        ),
    ),
)
def graph_overhead(quick: bool, device: torch.device) -> list[Row]:
    try:
        ext = extension()
    except NoCompiler as error:
        ext, missing = None, str(error)
    rows = []
    for size in SIZES:
        a, b = torch.randn(size, device=device), torch.randn(size, device=device)
        a_tracked = a.clone().requires_grad_(True)

        # Every variant runs the multiplication `repeats` times per call and reports the time of
        # one: a `with no_grad()` per multiplication would cost more than the recording it avoids.
        repeats = max(1, min(100, 100_000 // size))

        def mul() -> object:
            for _ in range(repeats):
                out = torch.mul(a_tracked, b)
            return out

        calls = {"recorded": mul, "no_grad": under(mul)}
        if ext is not None:
            calls["cpp"] = partial(ext.mul_repeated, a, b, repeats)
        found = measure_many(calls, min_run_time=window(quick, sweep=True), baseline="no_grad")
        timed = {k: t.per_call(repeats) for k, t in found.items()}
        row = f"n={size:,}"
        recorded, plain = timed["recorded"], timed["no_grad"]
        extra: dict[str, float] = {"overhead_s": recorded.median_s - plain.median_s}
        if ext is not None:
            alone = timed["cpp"]
            extra["overhead_share"] = max(0.0, 1 - paired_ratio(alone, recorded))
            rows.append(alone.row(row, "cpp", elements=size))
        else:
            rows.append(Row(row, "cpp", unsupported=missing, metrics={"elements": size}))
        rows.append(plain.row(row, "no_grad", elements=size))
        rows.append(recorded.row(row, "recorded", elements=size, **extra))
    # An operation whose recording costs more than bookkeeping: svdvals computes U and V too.
    matrix = torch.randn(256, 256, device=device, requires_grad=True)
    svd = {
        "recorded": lambda: torch.linalg.svdvals(matrix),
        "no_grad": under(torch.linalg.svdvals, matrix),
    }
    timed = measure_many(svd, min_run_time=window(quick), baseline="no_grad")
    overhead = timed["recorded"].median_s - timed["no_grad"].median_s
    rows.append(timed["no_grad"].row("svdvals", "no_grad"))
    rows.append(timed["recorded"].row("svdvals", "recorded", overhead_s=overhead))
    return rows
