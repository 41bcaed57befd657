"""Batching a model that branches on a batch statistic changes per-sample results."""

import torch

from dyndocs.models.tips import MeanBranchNet, PerSampleBranchNet

torch.manual_seed(0)
model = MeanBranchNet()
per_sample = PerSampleBranchNet()
per_sample.load_state_dict(model.state_dict())  # the very same layers

batch = torch.tensor([[1.0, 2.0, 0.5, 0.5], [-3.0, -2.0, -4.0, -3.0]])
print("row means:", batch.mean(dim=1).tolist(), "batch mean:", batch.mean().item())

with torch.no_grad():
    for name, net in (("MeanBranchNet", model), ("PerSampleBranchNet", per_sample)):
        one_by_one = torch.cat([net(row.unsqueeze(0)) for row in batch])
        print(f"{name}: batched == one by one: {torch.allclose(net(batch), one_by_one)}")
