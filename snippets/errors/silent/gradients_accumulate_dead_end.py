"""zero_grad() between backward() and step(): the gradient is gone before the step uses it."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0, 3.0]])
before = model.weight.detach().clone()

for _ in range(3):
    model(x).sum().backward()
    optimizer.zero_grad()  # too late: it clears the gradient this step was meant to use
    optimizer.step()

print("weight.grad before each step:", model.weight.grad)
print("the weight moved in 3 steps:", not torch.equal(model.weight.detach(), before))
