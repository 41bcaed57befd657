"""torch.export with torch.cond: both branches in one saved graph, chosen at run time."""

import tempfile
from pathlib import Path

import torch

from dyndocs.models.tips import CondBranchNet

torch.manual_seed(0)
model = CondBranchNet().eval()
positive = torch.ones(1, 4)
negative = -torch.ones(3, 4)

example = torch.ones(2, 4)
batch = torch.export.Dim("batch")  # without it, the export only accepts a batch of 2
exported = torch.export.export(model, (example,), dynamic_shapes=({0: batch},))
with tempfile.TemporaryDirectory() as tmp:
    torch.export.save(exported, Path(tmp) / "model.pt2")
    loaded = torch.export.load(Path(tmp) / "model.pt2").module()

with torch.no_grad():
    print("positive -> layer_A:", torch.allclose(loaded(positive), model.layer_A(positive)))
    print("negative, batch of 3 -> layer_B:",
          torch.allclose(loaded(negative), model.layer_B(negative)))
