"""optimizer.zero_grad() before each backward(): every step's gradient is that step's alone."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0, 3.0]])

for call in range(1, 4):
    optimizer.zero_grad()  # clear what the previous backward() left in .grad
    model(x).sum().backward()  # the gradient with respect to the weight is exactly x
    print(f"after {call} backward(): weight.grad = {model.weight.grad}")
