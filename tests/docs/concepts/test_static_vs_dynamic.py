"""Claims of docs/*/concepts/static-vs-dynamic.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

PAGE = "snippets/concepts/static-vs-dynamic"


def test_the_model_runs_and_keeps_its_output_shape(shown: Callable[[str], str]) -> None:
    assert "output shape: torch.Size([1, 10])" in shown(f"{PAGE}/dynamic_model.py")


def test_each_call_records_the_branch_it_took(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/graph_per_call.py")
    assert "condition=0.9: ['ReluBackward0', 'ReluBackward0']" in out
    assert "condition=0.1: ['SigmoidBackward0', 'ReluBackward0']" in out
    assert "same graph? False" in out
