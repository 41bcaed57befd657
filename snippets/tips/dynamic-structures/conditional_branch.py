"""The branch MeanBranchNet takes depends on the mean of its input."""

import torch

from dyndocs.models.tips import MeanBranchNet

torch.manual_seed(0)
model = MeanBranchNet()

for label, x in (("mean > 0", torch.ones(2, 4)), ("mean <= 0", -torch.ones(2, 4))):
    output = model(x)
    branch = "layer_A" if torch.equal(output, model.layer_A(x)) else "layer_B"
    print(f"{label}: went through {branch}, output shape {tuple(output.shape)}")
