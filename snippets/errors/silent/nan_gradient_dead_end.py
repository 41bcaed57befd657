"""An epsilon inside the square root does not help a negative input: the gradient is still NaN."""

import torch

x = torch.tensor([-1.0, 4.0], requires_grad=True)

y = torch.where(x > 0, torch.sqrt(x + 1e-8), 0.0)  # guards against 0, not against -1
y.sum().backward()
print("x.grad =", x.grad)
