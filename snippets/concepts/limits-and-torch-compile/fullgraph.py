"""fullgraph=True turns the graph break into an error."""

import torch

from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
strict = torch.compile(model, fullgraph=True, backend="eager")

try:
    strict(torch.randn(4, 10), torch.rand(1))
except torch._dynamo.exc.Unsupported as error:
    print(type(error).__name__ + ":", str(error).splitlines()[0])
