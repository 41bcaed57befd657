"""Claims of docs/*/errors/dtypes-and-shapes.md, from the outputs its snippets show."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy
import pytest
import torch

PAGE = "snippets/errors/dtypes-and-shapes"


def test_matmul_refuses_two_dtypes_where_addition_promotes(shown: Callable[[str], str]) -> None:
    assert "expected m1 and m2 to have the same dtype" in shown(f"{PAGE}/matmul_dtypes.py")
    assert (torch.ones(2) + torch.ones(2, dtype=torch.float64)).dtype == torch.float64
    fixed = shown(f"{PAGE}/matmul_dtypes_fix.py")
    assert "features: torch.float32" in fixed and "[-1.0000, -1.0000]" in fixed
    assert "same dtype" in shown(f"{PAGE}/matmul_dtypes_dead_end.py")


def test_linear_words_it_mat1_and_mat2(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/linear_dtypes.py")
    assert "mat1 and mat2 must have the same dtype, but got Double and Float" in out
    assert "[ 0.5000, -1.0000,  2.0000]" in shown(f"{PAGE}/linear_dtypes_fix.py")


def test_a_broadcast_target_gives_a_loss_for_equal_values(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/target_size.py")
    assert out.startswith("UserWarning: Using a target size")
    assert "loss = 1.333" in out and "tensor([-0.6667,  0.0000,  0.6667])" in out
    assert "loss = 1.333" in shown(f"{PAGE}/target_size_dead_end.py")
    assert "loss = 0.0" in shown(f"{PAGE}/target_size_fix.py")


def test_gradients_in_the_wrong_order_fail_and_forced_shapes_pass_wrong(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/wrong_gradient_shape.py")
    assert "invalid gradient at index 0 - got [3] but expected shape compatible with [2, 3]" in out
    assert "gradcheck: True" in shown(f"{PAGE}/wrong_gradient_shape_fix.py")
    forced = shown(f"{PAGE}/wrong_gradient_shape_dead_end.py")
    assert "gradcheck: False" in forced and "w.grad = tensor([2., 2., 2.])" in forced


def test_one_gradient_per_input_and_none_means_no_gradient(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/wrong_number_of_gradients.py")
    assert "returned an incorrect number of gradients (expected 2, got 1)" in out
    assert "y.grad = tensor([1., 2.])" in shown(f"{PAGE}/wrong_number_of_gradients_fix.py")
    assert "y.grad = None" in shown(f"{PAGE}/wrong_number_of_gradients_dead_end.py")


class Through(torch.autograd.Function):
    """The identity, whose backward returns ``shape(grad)`` instead of ``grad``."""

    @staticmethod
    def forward(
        ctx, t: torch.Tensor, shape: Callable[[torch.Tensor], torch.Tensor]
    ) -> torch.Tensor:
        ctx.shape = shape
        return t.clone()

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> tuple[torch.Tensor, None]:
        return ctx.shape(grad), None


def test_autograd_sums_a_larger_gradient_down_and_refuses_a_smaller_one() -> None:
    """The page: a gradient the input's shape broadcasts to is summed down; a smaller one fails."""
    w = torch.ones(3, requires_grad=True)
    Through.apply(w, lambda g: g.expand(2, 3)).sum().backward()  # (2, 3) for a (3,) input
    assert torch.equal(w.grad, torch.full((3,), 2.0))
    x = torch.ones(2, 3, requires_grad=True)
    refused = r"got \[3\] but expected shape compatible with \[2, 3\]"
    with pytest.raises(RuntimeError, match=refused):
        Through.apply(x, lambda g: g[0]).sum().backward()  # (3,) broadcasts to (2, 3): refused


def test_a_step_on_the_broadcast_loss_moves_predictions_to_the_mean_target(
    shown: Callable[[str], str],
) -> None:
    """The page: the first and last predictions move away from their targets, toward 2."""
    grad = re.search(r"prediction.grad = tensor\(\[(.*)\]\)", shown(f"{PAGE}/target_size.py"))
    assert grad is not None
    stepped = [p - 0.1 * float(g) for p, g in zip([1.0, 2.0, 3.0], grad[1].split(","), strict=True)]
    assert 1.0 < stepped[0] < 2.0 and stepped[1] == 2.0 and 2.0 < stepped[2] < 3.0


def test_numpy_data_stays_float64_and_python_floats_make_float32() -> None:
    features = numpy.zeros(3)
    assert torch.from_numpy(features).dtype == torch.tensor(features).dtype == torch.float64
    assert torch.tensor([0.5, 1.0]).dtype == torch.float32
