"""Claims of docs/*/errors/compilers.md, from the outputs its snippets show."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import torch

from dyndocs.inspect import CapturedGraphs

PAGE = "snippets/errors/compilers"


def test_tracing_the_other_example_bakes_in_the_other_branch(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/trace_dead_end.py")
    assert "negative -> layer_B: True" in out and "positive -> layer_A: False" in out


def test_the_recompile_limit_stops_compiling_and_dynamic_needs_two_graphs(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/recompile_limit.py")
    limit = re.match(r"WARNING: torch._dynamo hit config.recompile_limit \((\d+)\)", out)
    assert limit is not None and limit[1] == "8"  # the page says 8
    assert "10 batch sizes, 8 graphs" in out and "function: 'forward' (compiled.py:" in out
    fixed = shown(f"{PAGE}/recompile_limit_fix.py")
    assert "10 batch sizes, 2 graphs" in fixed and "'2 <= x.size()[0]'" in fixed


def test_past_the_limit_the_sizes_compiled_before_keep_their_graphs() -> None:
    ran: list[int] = []

    def backend(graph: torch.fx.GraphModule, example_inputs: list[Any]) -> Callable[..., Any]:
        size = int(example_inputs[0].shape[0])

        def run(*args: Any) -> Any:
            ran.append(size)
            return graph.forward(*args)

        return run

    torch._dynamo.reset()
    double = torch.compile(lambda x: x * 2 + 1, backend=backend, dynamic=False)
    for size in range(1, 11):  # 8 graphs, then the limit's warning
        double(torch.ones(size))
    ran.clear()
    double(torch.ones(3))  # compiled before the limit
    double(torch.ones(10))  # never compiled
    assert ran == [3]


def test_numbers_in_arithmetic_turn_symbolic_and_dtypes_cost_a_graph_each() -> None:
    values = range(1, 7)
    for dynamic, graphs in ((None, 2), (False, len(values))):
        compiled = CapturedGraphs()
        torch._dynamo.reset()
        scale = torch.compile(lambda x, k: x * k + k, backend=compiled, dynamic=dynamic)
        for k in values:
            scale(torch.ones(3), k)
        assert len(compiled) == graphs, f"dynamic={dynamic}: {len(compiled)} graphs"
    compiled = CapturedGraphs()
    torch._dynamo.reset()
    cast = torch.compile(lambda x, dtype: x.to(dtype) * 2, backend=compiled)
    dtypes = (torch.float32, torch.float64, torch.float16)
    for dtype in dtypes:
        cast(torch.ones(3), dtype)
    assert len(compiled) == len(dtypes)


def test_export_names_the_line_of_forward(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/export_data_dependent.py")
    assert "Could not guard on data-dependent expression" in out.splitlines()[0]
    assert 'File "branching.py"' in out and "u0" in out


def test_cond_explains_the_dtypes_below_its_first_line(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/cond_branches_disagree.py")
    assert out.startswith("torch._dynamo.exc.TorchRuntimeError: RuntimeError when making fake")
    assert "expected same dtype but got torch.float32 and torch.int64" in out
    fixed = shown(f"{PAGE}/cond_branches_disagree_fix.py")
    assert "-> tensor([0.1000, 0.8000])" in fixed and "-> tensor([ 0., -2.])" in fixed
