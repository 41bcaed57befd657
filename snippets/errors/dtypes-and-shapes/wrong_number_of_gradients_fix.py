"""One gradient per input of forward, in order: the same gradients as x * y."""

import torch


class Multiply(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, y)
        return x * y

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x, y = ctx.saved_tensors
        return grad * y, grad * x


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
Multiply.apply(x, y).sum().backward()
print("x.grad =", x.grad, " y.grad =", y.grad)
