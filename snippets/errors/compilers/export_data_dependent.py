"""torch.export on a model whose Python if reads a tensor's value."""

import torch

from dyndocs.errors import raises
from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel().eval()
example = (torch.randn(4, 10), torch.tensor([0.9]))

with raises(RuntimeError, r"Could not guard on data-dependent expression"):
    torch.export.export(model, example)
