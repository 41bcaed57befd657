"""Tracing bakes a data-dependent branch into the graph; scripting keeps the if."""

import torch

from dyndocs.errors import warns
from dyndocs.models.tips import MeanBranchNet

torch.manual_seed(0)
model = MeanBranchNet().eval()
positive = torch.ones(1, 4)
negative = -torch.ones(1, 4)

with warns(torch.jit.TracerWarning, r"Converting a tensor to a Python boolean"):
    traced = torch.jit.trace(model, positive)  # records layer_A only, and warns
scripted = torch.jit.script(model)  # compiles the Python if itself

with torch.no_grad():
    for name, module in (("traced", traced), ("scripted", scripted)):
        uses_b = torch.allclose(module(negative), model.layer_B(negative))
        print(f"{name:8}: negative input goes through layer_B: {uses_b}")
