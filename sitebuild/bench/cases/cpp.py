"""Eager mode and TorchScript against the same models, with the same weights, from C++: the
baseline, whose results must match eager mode's before anything is timed. Rows count a call's
ATen operations (``ops``) and the time a Python call takes beyond C++'s (``behind_cpp_s``)."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import torch
from torch import nn

from sitebuild.bench.cases._cpp import NoCompiler, extension
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

ROWS = ("tiny_mlp", "rnn_cell_stack")


class CppDisagrees(AssertionError):
    """The C++ reference computes something else than the model it stands for."""


def cpp_call(name: str, model: nn.Module, x: torch.Tensor) -> Callable[[], torch.Tensor]:
    """The C++ function for the model ``name``, bound to its weights and input."""
    ext = extension()
    if name == "tiny_mlp":
        linears = [m for m in model.modules() if isinstance(m, nn.Linear)]
        weights = [m.weight.detach() for m in linears]
        biases = [m.bias.detach() for m in linears]
        return lambda: ext.mlp_forward(x, weights, biases)
    cells = list(model.rnn.layers)  # type: ignore[union-attr,arg-type]
    w_ih, w_hh = [c.weight_ih.detach() for c in cells], [c.weight_hh.detach() for c in cells]
    b_ih, b_hh = [c.bias_ih.detach() for c in cells], [c.bias_hh.detach() for c in cells]
    return lambda: ext.rnn_forward(x, w_ih, w_hh, b_ih, b_hh)


@case(
    baseline="cpp",
    metrics=(
        Metric("ops", unit="count"),
        Metric("behind_cpp_s", unit="s", combine="median"),
        *ARITHMETIC,
    ),
)
def cpp(quick: bool, device: torch.device) -> list[Row]:
    rows = []
    top = ceiling(device)
    built = models(device)
    for name in ROWS:
        model, x = built[name]
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # TorchScript's deprecation warning
            traced = torch.jit.trace(model, x)
        forwards = {"eager": under(model, x), "trace": under(traced, x)}
        try:
            forwards["cpp"] = cpp_call(name, model, x)
        except NoCompiler as error:
            rows.append(Row(name, "cpp", unsupported=str(error)))
        else:
            expected = forwards["eager"]()
            got = forwards["cpp"]()
            if not torch.allclose(got, expected, atol=agreement_atol(device)):  # type: ignore[arg-type]
                raise CppDisagrees(
                    f"cpp.{name}: the C++ reference disagrees with eager mode "
                    f"(largest difference {(got - expected).abs().max().item():.3g})"  # type: ignore[operator]
                )
        flops = flops_of(forwards["eager"])
        ops = {variant: ops_of(forward) for variant, forward in forwards.items()}
        baseline = "cpp" if "cpp" in forwards else None
        timed = measure_many(
            forwards, min_run_time=window(quick), baseline=baseline, ceiling=top.call
        )
        for variant, timing in timed.items():
            found: dict[str, float] = {"ops": ops[variant]}
            if "cpp" in timed and variant != "cpp":
                found["behind_cpp_s"] = timing.median_s - timed["cpp"].median_s
            rows.append(timing.row(name, variant, **found, **top.rate(flops, timing)))
    return rows
