"""Tracing with the other example input: the trace now bakes in the other branch."""

import warnings

import torch

from dyndocs.models.tips import MeanBranchNet

torch.manual_seed(0)
model = MeanBranchNet().eval()
positive = torch.ones(1, 4)
negative = -torch.ones(1, 4)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the same TracerWarning as before
    traced = torch.jit.trace(model, negative)  # records layer_B only

with torch.no_grad():
    print("negative -> layer_B:", torch.allclose(traced(negative), model.layer_B(negative)))
    print("positive -> layer_A:", torch.allclose(traced(positive), model.layer_A(positive)))
