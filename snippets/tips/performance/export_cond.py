"""torch.export with torch.cond: both branches in one saved graph, chosen at run time."""

import tempfile
from pathlib import Path

import torch

from dyndocs.models.tips import CondBranchNet

torch.manual_seed(0)
model = CondBranchNet().eval()
positive = torch.ones(1, 4)
negative = -torch.ones(1, 4)

exported = torch.export.export(model, (positive,))
with tempfile.TemporaryDirectory() as tmp:
    torch.export.save(exported, Path(tmp) / "model.pt2")
    loaded = torch.export.load(Path(tmp) / "model.pt2").module()

with torch.no_grad():
    print("positive -> layer_A:", torch.allclose(loaded(positive), model.layer_A(positive)))
    print("negative -> layer_B:", torch.allclose(loaded(negative), model.layer_B(negative)))
