"""nn.Linear on float64 input: the layer's float32 weight and the input disagree."""

import torch
from torch import nn

from dyndocs.errors import raises

torch.manual_seed(0)
layer = nn.Linear(3, 2)
batch = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64)

with raises(RuntimeError, r"mat1 and mat2 must have the same dtype"):
    layer(batch)

print("layer.weight:", layer.weight.dtype, "batch:", batch.dtype)
