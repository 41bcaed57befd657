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


def _shown(name: str) -> str:
    """The output the page shows for ``name``: the snippet run once, as the build runs it."""
    from dyndocs.site import outputs

    return outputs.output_of(SNIPPETS / name)


def test_backward_twice_on_one_loss_needs_retain_graph() -> None:
    out = _shown("backward_twice.py")
    assert "RuntimeError: Trying to backward through the graph a second time" in out
    assert "after two backward() on one loss, weight.grad = tensor([[2., 4., 6.]])" in out


def test_accumulated_micro_batches_equal_one_batch_only_when_divided() -> None:
    out = _shown("accumulation.py")
    assert "plain loss: accumulated grad = 4.00 x the one-batch grad" in out
    assert "loss / 4: accumulated grad = 1.00 x the one-batch grad" in out


def test_set_to_none_and_zeros_give_different_weights_with_momentum() -> None:
    out = _shown("set_to_none_vs_zeros.py")
    none_part, zero_part = out.split("set_to_none=False:")
    assert "step 2: head.weight.grad is None, the head moved: False" in none_part
    assert "step 2: head.weight.grad is zeros, the head moved: True" in zero_part
    assert out.rstrip().endswith("same head weights after step 2: False")


def test_dividing_by_steps_is_exact_only_for_equal_micro_batches() -> None:
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    x, y = torch.randn(30, 4), torch.randn(30, 1)
    model.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    full = model.weight.grad.clone()
    chunks = [slice(0, 8), slice(8, 16), slice(16, 24), slice(24, 30)]  # 8, 8, 8 and 6 samples
    model.zero_grad()
    for part in chunks:
        (nn.functional.mse_loss(model(x[part]), y[part]) / len(chunks)).backward()
    assert not torch.allclose(model.weight.grad, full, atol=1e-6)
    model.zero_grad()
    for part in chunks:
        (nn.functional.mse_loss(model(x[part]), y[part], reduction="sum") / len(x)).backward()
    assert torch.allclose(model.weight.grad, full, atol=1e-6)
