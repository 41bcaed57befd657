"""A leaf is a tensor without a grad_fn: every tensor that does not require grad is one."""

import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)  # made by you, and it requires grad
x = torch.randn(3)  # made by you, no grad
doubled = x * 2  # the result of an operation, but none of its inputs requires grad
y = w * x  # recorded, because w requires grad

for name, tensor in {"w": w, "x": x, "x * 2": doubled, "w * x": y}.items():
    node = type(tensor.grad_fn).__name__ if tensor.grad_fn is not None else None
    print(f"{name:5}  is_leaf={tensor.is_leaf!s:5}  requires_grad={tensor.requires_grad!s:5}  "
          f"grad_fn={node}")

y.sum().backward()
print("w.grad:", w.grad)  # backward fills .grad on the leaves that require grad

doubled.requires_grad_(True)  # a leaf: it may start tracking, and could stop again
print("x * 2 now requires grad and is still a leaf:", doubled.is_leaf)
