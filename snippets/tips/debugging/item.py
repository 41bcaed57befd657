"""loss.item() turns a one-element tensor into a Python number."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))

loss_value = loss.item()  # Get the scalar value of the loss
print(type(loss_value).__name__)
print(f"Loss: {loss_value:.4f}")

try:
    model.weight.item()  # four elements: no single number to return
except RuntimeError as error:
    print("RuntimeError:", error)
