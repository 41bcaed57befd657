"""Silencing the warning: the message goes, the (3, 3) comparison and its wrong loss stay."""

import warnings

import torch
from torch import nn

prediction = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
target = torch.tensor([1.0, 2.0, 3.0])

warnings.filterwarnings("ignore", message="Using a target size")
loss = nn.functional.mse_loss(prediction, target)
print("loss =", loss.item(), "and no warning")
