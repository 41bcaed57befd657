"""Claims of docs/*/tips/debugging.md: item, requires_grad_(False) on leaves, detach."""

from __future__ import annotations

import pytest
import torch
from torch import nn


def test_item_returns_a_python_float_and_needs_one_element() -> None:
    loss = nn.functional.mse_loss(torch.ones(3), torch.zeros(3))
    assert isinstance(loss.item(), float) and loss.item() == 1.0
    with pytest.raises(RuntimeError, match="cannot be converted to Scalar"):
        torch.ones(4).item()


def test_requires_grad_false_freezes_leaves_only() -> None:
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    model[0].requires_grad_(False)
    model(torch.randn(5, 4)).sum().backward()
    assert model[0].weight.grad is None and model[0].bias.grad is None
    assert model[2].weight.grad is not None
    hidden = model[2](torch.randn(5, 8))
    with pytest.raises(RuntimeError, match="only change requires_grad flags of leaf variables"):
        hidden.requires_grad_(False)


def test_detach_shares_memory_and_stops_gradients() -> None:
    w = torch.randn(3, requires_grad=True)
    features = w * 2
    detached = features.detach()
    assert not detached.requires_grad and detached.grad_fn is None
    assert detached.data_ptr() == features.data_ptr()
    v = torch.ones(3, requires_grad=True)
    (detached * v).sum().backward()
    assert w.grad is None
    assert v.grad is not None and torch.equal(v.grad, features.detach())
    with torch.no_grad():
        detached[0] = 100.0  # in place on the detached tensor ...
    assert features[0].item() == 100.0  # ... shows in the original
    assert features.detach().clone().data_ptr() != features.data_ptr()
