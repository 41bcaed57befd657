"""Count the graphs torch.compile captures while the branch flips."""

import torch

from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)

graphs = []


def counting_backend(gm, example_inputs):
    """A torch.compile backend that records each captured graph and runs it as is."""
    graphs.append(gm)
    return gm.forward


model = ConditionalModel()
compiled = torch.compile(model, backend=counting_backend)
x = torch.randn(4, 10)

for value in [0.9, 0.8, 0.1, 0.2, 0.7]:
    output = compiled(x, torch.tensor([value]))
    branch = "linear2" if value > 0.5 else "linear3"
    print(f"condition {value} ({branch}): {len(graphs)} graphs so far")
