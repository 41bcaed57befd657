"""Give the target the prediction's shape: one difference per sample, and a loss of zero."""

import torch
from torch import nn

prediction = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
target = torch.tensor([1.0, 2.0, 3.0])

loss = nn.functional.mse_loss(prediction, target.unsqueeze(1))  # (3,) -> (3, 1)
print("loss =", loss.item())
loss.backward()
print("prediction.grad =", prediction.grad.flatten())
