"""An out-of-place ReLU leaves sigmoid's saved output alone; after a Linear, inplace=True is safe."""

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(4, 3)
model = nn.Sequential(nn.Linear(3, 2), nn.Sigmoid(), nn.ReLU())
model(x).sum().backward()
print("after Sigmoid, ReLU(): weight.grad", tuple(model[0].weight.grad.shape))

torch.manual_seed(0)
safe = nn.Sequential(nn.Linear(3, 2), nn.ReLU(inplace=True), nn.Linear(2, 1))
safe(x).sum().backward()  # Linear saves its input, not its output: ReLU may overwrite it
print("after Linear, ReLU(inplace=True): weight.grad", tuple(safe[0].weight.grad.shape))
