"""torch.compile keeps the Python if: each input still takes its own branch."""

import torch

from dyndocs.models.tips import MeanBranchNet

torch.manual_seed(0)
model = MeanBranchNet().eval()
compiled = torch.compile(model)  # nothing happens yet: the first call compiles (seconds)

positive = torch.ones(1, 4)
negative = -torch.ones(1, 4)
with torch.no_grad():
    print("positive -> layer_A:", torch.allclose(compiled(positive), model.layer_A(positive)))
    print("negative -> layer_B:", torch.allclose(compiled(negative), model.layer_B(negative)))
