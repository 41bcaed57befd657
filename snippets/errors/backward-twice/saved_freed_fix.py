"""Read what you need before backward, or keep the graph for it with retain_graph=True."""

import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x.exp()
saved = y.grad_fn._saved_result  # read before backward frees it
print("saved before backward is y itself:", torch.equal(saved, y))
y.sum().backward(retain_graph=True)  # this one graph is kept, once, on purpose
print("after backward(retain_graph=True):", y.grad_fn._saved_result)
print("x.grad =", x.grad)
