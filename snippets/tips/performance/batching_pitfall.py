"""Batching a model that branches on a batch statistic changes per-sample results."""

import torch

from dyndocs.models.tips import MeanBranchNet

torch.manual_seed(0)
model = MeanBranchNet()
batch = torch.tensor([[1.0, 2.0, 0.5, 0.5], [-3.0, -2.0, -4.0, -3.0]])
print("row means:", batch.mean(dim=1).tolist(), "batch mean:", batch.mean().item())

with torch.no_grad():
    one_by_one = torch.cat([model(row.unsqueeze(0)) for row in batch])
    print("MeanBranchNet: batched == one by one:", torch.allclose(model(batch), one_by_one))

    # Decide per row, compute both branches, keep the right one row by row
    positive = batch.mean(dim=1, keepdim=True) > 0  # (batch, 1)
    per_sample = torch.where(positive, model.layer_A(batch), model.layer_B(batch))
    print("torch.where per row: batched == one by one:", torch.allclose(per_sample, one_by_one))
