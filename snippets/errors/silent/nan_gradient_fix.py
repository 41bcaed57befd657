"""Keep the square root away from negative inputs: sqrt(where(x > 0, x, 1)), then where again."""

import torch

x = torch.tensor([-1.0, 4.0], requires_grad=True)

safe = torch.where(x > 0, x, 1.0)  # what sqrt sees: never negative, so its backward stays finite
y = torch.where(x > 0, torch.sqrt(safe), 0.0)
y.sum().backward()
print("y =", y.detach())
print("x.grad =", x.grad)
