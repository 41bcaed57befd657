"""torch.export with torch.cond: both branches in one saved graph, chosen at run time."""

import tempfile
from pathlib import Path

import torch

from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import CondModel

torch.manual_seed(0)
model = CondModel().eval()
eager = ConditionalModel().eval()
eager.load_state_dict(model.state_dict())  # the same layers, written with an if

example = (torch.randn(2, 10), torch.tensor([0.9]))
batch = torch.export.Dim("batch")  # without it, the export only accepts a batch of 2
exported = torch.export.export(model, example, dynamic_shapes=({0: batch}, None))
with tempfile.TemporaryDirectory() as tmp:
    torch.export.save(exported, Path(tmp) / "model.pt2")
    loaded = torch.export.load(Path(tmp) / "model.pt2").module()

x = torch.randn(3, 10)  # another batch size
with torch.no_grad():
    for value in (0.9, 0.1):
        condition = torch.tensor([value])
        same = torch.allclose(loaded(x, condition), eager(x, condition), atol=1e-6)
        print(f"condition {value}, batch of 3: same as the if version: {same}")
