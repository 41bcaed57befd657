"""Convert the data to the parameters' dtype once, where it enters the model."""

import torch

torch.manual_seed(0)
weight = torch.randn(3, 2, requires_grad=True)
features = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64)

features = features.to(weight.dtype)  # a new float32 tensor, bound to the same name
(features @ weight).sum().backward()
print("features:", features.dtype)
print("weight.grad =", weight.grad)  # each column's gradient is the features
