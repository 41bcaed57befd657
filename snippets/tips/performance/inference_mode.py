"""Inference tensors: fine where nothing saves them, changed in place only inside the mode."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
inputs = torch.randn(3, 4)

with torch.inference_mode():
    outputs = model(inputs)

print("requires_grad:", outputs.requires_grad, "is_inference:", outputs.is_inference())
scale = torch.ones(2, requires_grad=True)

(outputs + scale).sum().backward()  # addition saves nothing for backward: allowed
print("outputs + scale: backward works, scale.grad =", scale.grad)

try:
    outputs.mul_(2)  # in place, outside inference mode
except RuntimeError as error:
    print("outputs.mul_(2): RuntimeError:", str(error).split(" outside")[0])

(outputs.clone() * scale).sum().backward()  # a clone is an ordinary tensor
print("outputs.clone() * scale: backward works")
