"""A tensor made in inference mode, used where autograd must save it for backward."""

import torch
from torch import nn

from dyndocs.errors import raises

torch.manual_seed(0)
encoder = nn.Linear(4, 3)
head = nn.Linear(3, 1)
with torch.inference_mode():
    features = encoder(torch.randn(2, 4))  # an inference tensor
with raises(RuntimeError, r"Inference tensors cannot be saved for backward"):
    head(features)  # Linear saves its input to compute the weight's gradient
print("features.is_inference():", features.is_inference())
