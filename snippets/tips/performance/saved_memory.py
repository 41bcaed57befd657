"""Count the bytes autograd keeps for backward, with and without torch.no_grad()."""

import torch
from torch import nn

from dyndocs.inspect import saved_bytes

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
inputs = torch.randn(32, 64)

# The parameters are left out: they exist whether or not a graph is recorded.
print("with grad:", saved_bytes(lambda: model(inputs), exclude=model), "bytes kept for backward")
with torch.no_grad():
    print("no_grad:  ", saved_bytes(lambda: model(inputs), exclude=model), "bytes kept for backward")
