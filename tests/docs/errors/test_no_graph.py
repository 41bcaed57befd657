"""Claims of docs/*/errors/no-graph.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch

PAGE = "snippets/errors/no-graph"


@pytest.mark.parametrize("way", ["never_required", "under_no_grad", "detached"])
def test_three_ways_to_the_same_message(shown: Callable[[str], str], way: str) -> None:
    first = shown(f"{PAGE}/{way}.py").splitlines()[0]
    assert first == (
        "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn"
    )
    assert "grad_fn:" in shown(f"{PAGE}/{way}_fix.py")


def test_a_cast_leaf_is_a_copy_whose_grad_stays_none(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/cast_leaf.py")
    assert "w.is_leaf: False w.grad_fn: ToCopyBackward0 w.grad: None" in out
    fixed = shown(f"{PAGE}/cast_leaf_fix.py")
    for name in ("created    ", "moved      ", "moved_again"):
        assert f"{name} is_leaf: True  grad: tensor([2., 2., 2.], dtype=torch.float64)" in fixed
    assert "model.weight is_leaf: True" in fixed


def test_a_non_leaf_keeps_its_grad_only_when_asked(shown: Callable[[str], str]) -> None:
    assert "y.grad: None" in shown(f"{PAGE}/non_leaf_grad.py")
    assert "y.grad = tensor([ 4.,  8., 12.])" in shown(f"{PAGE}/non_leaf_grad_fix.py")


def test_both_fixes_for_a_non_scalar_give_the_same_gradient(shown: Callable[[str], str]) -> None:
    grads = [line.split("x.grad =")[1] for line in shown(f"{PAGE}/non_scalar_fix.py").splitlines()]
    assert grads == [" tensor([2., 4., 6.])"] * 2


def test_no_grad_and_clone_give_the_same_gradient(shown: Callable[[str], str]) -> None:
    lines = shown(f"{PAGE}/inference_saved_fix.py").splitlines()
    assert lines[0].split("=")[1] == lines[1].split("=")[1]


def test_the_hook_runs_on_a_tensor_in_the_graph(shown: Callable[[str], str]) -> None:
    assert "hook saw the gradient: tensor([2., 4., 6.])" in shown(f"{PAGE}/hook_no_grad_fix.py")


def test_detach_shares_the_memory_of_the_tensor() -> None:
    """The page: detach() returns a new leaf that shares the tensor's memory."""
    y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True) * 2
    detached = y.detach()
    assert detached.is_leaf and not detached.requires_grad
    assert detached.data_ptr() == y.data_ptr()


def test_an_inference_tensor_has_no_version_counter() -> None:
    """The page: inference tensors carry no version counter, so nothing can check them later."""
    with torch.inference_mode():
        made = torch.ones(3)
    with pytest.raises(RuntimeError, match="do not track version counter"):
        _ = made._version
