"""Move the model, the inputs and the labels to one device: a GPU if present, else the CPU."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 3)
inputs = torch.randn(8, 4)
labels = torch.randint(0, 3, (8,))

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model.to(device)  # modules move in place
inputs = inputs.to(device)  # tensors do not: .to() returns a new tensor, so reassign
labels = labels.to(device)

loss = nn.functional.cross_entropy(model(inputs), labels)
# Compare types: a CUDA tensor's device carries an index ("cuda:0"), torch.device("cuda") does not.
print("model on device:", next(model.parameters()).device.type == device.type)
print("inputs on device:", inputs.device.type == device.type,
      "labels on device:", labels.device.type == device.type)
print("loss:", round(loss.item(), 4))
