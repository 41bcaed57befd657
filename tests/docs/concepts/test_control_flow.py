"""Claims of docs/*/concepts/control-flow.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

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
