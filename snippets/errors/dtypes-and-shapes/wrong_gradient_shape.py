"""A custom Function whose backward returns its two gradients in the wrong order."""

import torch

from dyndocs.errors import raises


class Scale(torch.autograd.Function):
    """x * w, with w of shape (features,) broadcast over the rows of x."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, w)
        return x * w

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x, w = ctx.saved_tensors
        return (grad * x).sum(0), grad * w  # swapped: forward takes x, then w


x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
w = torch.ones(3, requires_grad=True)
with raises(RuntimeError, r"returned an invalid gradient at index 0"):
    Scale.apply(x, w).sum().backward()
