"""One gradient per input, in the order of forward's inputs: gradcheck agrees."""

import torch


class Scale(torch.autograd.Function):
    """x * w, with w of shape (features,) broadcast over the rows of x."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, w)
        return x * w

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x, w = ctx.saved_tensors
        return grad * w, (grad * x).sum(0)  # x's, then w's: every row used w, so add theirs


x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
w = torch.ones(3, requires_grad=True)
Scale.apply(x, w).sum().backward()
print("x.grad =", x.grad)
print("w.grad =", w.grad)
checked = (x.detach().double().requires_grad_(), w.detach().double().requires_grad_())
print("gradcheck:", torch.autograd.gradcheck(Scale.apply, checked))
