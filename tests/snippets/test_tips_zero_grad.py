"""Claims of docs/*/tips/zero-grad.md: gradients accumulate; zero_grad clears; the loss falls."""

from __future__ import annotations

import runpy

import pytest
import torch
from torch import nn

from dyndocs.site import ROOT

SNIPPETS = ROOT / "snippets" / "tips" / "zero-grad"


def test_backward_without_zero_grad_accumulates_exactly() -> None:
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.tensor([[1.0, 2.0, 3.0]])
    for k in (1, 2, 3):
        model(x).sum().backward()
        assert model.weight.grad is not None and model.bias.grad is not None
        assert torch.equal(model.weight.grad, k * x)
        assert torch.equal(model.bias.grad, torch.tensor([float(k)]))
    optimizer.zero_grad()
    assert model.weight.grad is None and model.bias.grad is None


def test_snippet_shows_one_two_three_times(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(SNIPPETS / "forgetting_zero_grad.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "tensor([[1., 2., 3.]])" in out
    assert "tensor([[2., 4., 6.]])" in out
    assert "tensor([[3., 6., 9.]])" in out
    assert "after optimizer.zero_grad(): weight.grad = None" in out


def test_training_loop_loss_falls() -> None:
    ns = runpy.run_path(str(SNIPPETS / "training_loop.py"), run_name="__main__")
    losses = ns["losses"]
    assert len(losses) == 5
    assert all(later < earlier for earlier, later in zip(losses, losses[1:], strict=False))
    assert losses[-1] < losses[0] / 100
    assert abs(ns["model"].weight.item() - 3) < 0.1
    assert abs(ns["model"].bias.item() + 2) < 0.1
