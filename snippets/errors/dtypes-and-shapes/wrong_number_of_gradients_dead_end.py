"""Returning None for y: the count is right, the error goes, and y gets no gradient at all."""

import torch


class Multiply(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, y)
        return x * y

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> tuple[torch.Tensor, None]:
        x, y = ctx.saved_tensors
        return grad * y, None  # None means "no gradient", which is meant for non-tensor inputs


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
Multiply.apply(x, y).sum().backward()
print("x.grad =", x.grad, " y.grad =", y.grad)
