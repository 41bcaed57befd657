"""An (N, 1) prediction against an (N,) target: mse_loss broadcasts to (N, N) and only warns."""

import torch
from torch import nn

from dyndocs.errors import warns

prediction = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)  # (3, 1): nn.Linear(_, 1)
target = torch.tensor([1.0, 2.0, 3.0])  # (3,): a data set of plain numbers

with warns(UserWarning, r"Using a target size .* that is different to the input size"):
    loss = nn.functional.mse_loss(prediction, target)

print("loss =", loss.item(), "for a prediction equal to its target")
loss.backward()
print("prediction.grad =", prediction.grad.flatten())
