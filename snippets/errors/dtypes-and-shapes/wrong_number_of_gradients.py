"""A custom Function with two inputs whose backward returns one gradient."""

import torch

from dyndocs.errors import raises


class Multiply(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, y)
        return x * y

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> torch.Tensor:
        x, y = ctx.saved_tensors
        return grad * y  # the gradient for x only


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
with raises(RuntimeError, r"returned an incorrect number of gradients"):
    Multiply.apply(x, y).sum().backward()
