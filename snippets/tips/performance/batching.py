"""One call on a batch gives the results of a loop over the samples, with one graph."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
samples = [torch.randn(16) for _ in range(8)]

one_by_one = [model(sample.unsqueeze(0)) for sample in samples]  # 8 calls, 8 graphs
batched = model(torch.stack(samples))  # 1 call, 1 graph for all 8 samples

print("graphs recorded one by one:", len(one_by_one))
print("batched shape:", tuple(batched.shape))
print("same results:", torch.allclose(torch.cat(one_by_one), batched, atol=1e-6))
