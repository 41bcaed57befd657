"""A Python if picks one branch for the whole batch; torch.where picks one per sample."""

import torch

from dyndocs.graph import Graph, record
from dyndocs.models.branching import ConditionalModel
from dyndocs.models.per_sample import PerSampleConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
x = torch.randn(4, 10)
conditions = torch.tensor([0.9, 0.1, 0.7, 0.2])  # one condition per sample

# What we want: every sample through the branch its own condition picks
wanted = torch.cat([model(x[i : i + 1], conditions[i]) for i in range(4)])

# A single condition sends all four samples down the same branch
one_branch = model(x, conditions[0])
rows_right = [torch.allclose(a, b, atol=1e-6) for a, b in zip(one_branch, wanted)]
print("one condition, rows right:", rows_right)

# Four conditions in an if: Python needs ONE True or False
try:
    model(x, conditions)
except RuntimeError as error:
    print("four conditions in an if:", str(error).splitlines()[0])

# torch.where computes both branches and keeps, row by row, the one that applies
per_sample = PerSampleConditionalModel()
per_sample.load_state_dict(model.state_dict())
print("torch.where, rows right:", torch.allclose(per_sample(x, conditions), wanted, atol=1e-6))


def graphs() -> Graph:
    """torch.where's graph: both branches run, for every sample."""
    return record(lambda: per_sample(x, conditions), per_sample, title="torch.where")
