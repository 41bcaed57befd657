"""w = w - lr * w.grad makes w a new, computed tensor: the next backward leaves its .grad at None."""

import warnings

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(w**2).sum().backward()
w = w - 0.1 * w.grad  # no error: a new tensor, recorded as computed from the old leaf
print("leaf:", w.is_leaf, "grad_fn:", type(w.grad_fn).__name__)
(w**2).sum().backward()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the non-leaf .grad warning, which has its own entry
    print("w.grad after the second backward:", w.grad)
