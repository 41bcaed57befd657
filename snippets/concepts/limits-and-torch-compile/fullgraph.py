"""fullgraph=True turns the graph break into an error."""

import torch

from dyndocs.errors import raises
from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
strict = torch.compile(model, fullgraph=True, backend="eager")

with raises(torch._dynamo.exc.Unsupported, r"Data-dependent branching"):
    strict(torch.randn(4, 10), torch.rand(1))
