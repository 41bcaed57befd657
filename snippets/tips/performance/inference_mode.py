"""torch.inference_mode(): like no_grad, and its results can never enter a graph later."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
inputs = torch.randn(3, 4)

with torch.inference_mode():
    outputs = model(inputs)

print("requires_grad:", outputs.requires_grad)
print("is_inference:", outputs.is_inference())
scale = torch.ones(2, requires_grad=True)
try:
    (outputs * scale).sum().backward()  # autograd would have to save `outputs` for backward
except RuntimeError as error:
    print("RuntimeError:", str(error).split(".")[0])
