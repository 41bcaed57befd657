"""torch._dynamo.explain: a data-dependent if splits the model into two graphs."""

import torch

from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
x = torch.randn(4, 10)
condition = torch.rand(1)  # a tensor: its value is only known at run time

explanation = torch._dynamo.explain(model)(x, condition)
print("graphs:", explanation.graph_count)
print("graph breaks:", explanation.graph_break_count)
for reason in explanation.break_reasons:
    print("reason:", reason.reason)
