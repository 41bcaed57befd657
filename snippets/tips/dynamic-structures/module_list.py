"""nn.ModuleList registers its layers; forward() decides which of them run."""

import torch
from torch import nn

from dyndocs import recorded_ops
from dyndocs.models.tips import AdaptiveDepthNet

torch.manual_seed(0)
model = AdaptiveDepthNet(width=8, max_depth=4)
x = torch.randn(2, 8)

for depth in (1, 3):
    output = model(x, depth=depth)
    layers_run = recorded_ops(output).count("AddmmBackward0")
    print(f"depth={depth}: linear layers in this call's graph: {layers_run}")

print("parameters in the ModuleList:", len(list(model.parameters())))


class PlainList(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layers = [nn.Linear(8, 8) for _ in range(4)]  # a plain list: not registered


print("parameters in a plain list:  ", len(list(PlainList().parameters())))
