"""features.float() on a line of its own: it returns a converted copy, which nobody keeps."""

import torch

from dyndocs.errors import raises

torch.manual_seed(0)
weight = torch.randn(3, 2, requires_grad=True)
features = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64)

features.float()  # not in place: features is still float64
with raises(RuntimeError, r"same dtype"):
    features @ weight
