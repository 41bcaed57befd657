"""Claims of docs/*/errors/compilers.md, from the outputs its snippets show."""

from __future__ import annotations

import re
from collections.abc import Callable

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
