"""Claims of docs/*/concepts/control-flow.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

import torch

PAGE = "snippets/concepts/control-flow"


def test_an_ordinary_if_picks_the_layer(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/conditional_model.py")
    assert "output shape: torch.Size([1, 10])" in out


def test_both_branches_give_the_same_shape(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/same_shape.py")
    assert "condition 0.9 (linear2): torch.Size([4, 10])" in out
    assert "condition 0.1 (linear3): torch.Size([4, 10])" in out


def test_one_condition_per_batch_and_torch_where_per_sample(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/per_sample.py")
    assert "one condition, rows right: [True, False, True, False]" in out
    assert "four conditions in an if: Boolean value of Tensor with more than one value" in out
    assert "torch.where, rows right: True" in out


def test_each_loop_iteration_records_two_nodes(shown: Callable[[str], str]) -> None:
    """loop_steps.py: 'three iterations, two nodes more each', a multiplication and a tanh (the
    first also brings the leaf weight)."""
    added = [
        line.split(": added ", 1)[1].split(", ")
        for line in shown(f"{PAGE}/loop_steps.py").splitlines()
        if "h = torch.tanh(weight * h)" in line and ": added " in line
    ]
    operations = [[name for name in frame if name.endswith("Backward0")] for frame in added]
    assert operations == [["MulBackward0"], ["TanhBackward0"]] * 3
    assert sum(len(frame) for frame in added) == 2 * 3 + 1  # the leaf weight, once


def test_torch_conds_documentation_asks_for_one_shape() -> None:
    """The page: torch.cond's documentation asks both branches for one shape (torch 2.13 still
    runs branches of different sizes: tests/docs/concepts/test_limits_and_torch_compile.py)."""
    documentation = " ".join((torch.cond.__doc__ or "").split())
    assert "the outputs have to be the same type and shape" in documentation
