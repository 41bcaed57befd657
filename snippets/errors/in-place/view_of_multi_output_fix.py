"""Out of place, the doubled row is a new tensor; the gradient reaches x through unbind."""

import torch

x = torch.ones(2, 3, requires_grad=True)
rows = (x * 1).unbind(0)
first = rows[0] * 2  # a new tensor, not a view
(first.sum() + rows[1].sum()).backward()
print("x.grad =", x.grad)
