"""Claims of docs/*/tips/zero-grad.md, from the outputs its snippets show."""

from __future__ import annotations

import re
from collections.abc import Callable

import torch
from torch import nn

PAGE = "snippets/tips/zero-grad"


def test_each_backward_adds_one_more_gradient(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/forgetting_zero_grad.py")
    assert "after 1 backward(): weight.grad = tensor([[1., 2., 3.]])" in out
    assert "after 2 backward(): weight.grad = tensor([[2., 4., 6.]])" in out
    assert "after 3 backward(): weight.grad = tensor([[3., 6., 9.]])" in out
    assert "after optimizer.zero_grad(): weight.grad = None" in out


def test_backward_twice_on_one_loss_needs_retain_graph(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/backward_twice.py")
    assert "RuntimeError: Trying to backward through the graph a second time" in out
    assert "after two backward() on one loss, weight.grad = tensor([[2., 4., 6.]])" in out


def test_accumulated_micro_batches_equal_one_batch_only_when_divided(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/accumulation.py")
    assert "plain loss: accumulated grad = 4.00 x the one-batch grad" in out
    assert "loss / 4: accumulated grad = 1.00 x the one-batch grad" in out


def test_dividing_by_steps_is_exact_only_for_equal_micro_batches() -> None:
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    x, y = torch.randn(30, 4), torch.randn(30, 1)
    model.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    assert model.weight.grad is not None
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


def test_training_loop_loss_falls_and_finds_the_line(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/training_loop.py")
    losses = [float(v) for v in re.findall(r"mean loss ([\d.]+)", out)]
    assert len(losses) == 5 and losses == sorted(losses, reverse=True)
    assert losses[-1] < losses[0] / 100
    learned = re.search(r"learned weight (?P<w>-?[\d.]+), bias (?P<b>-?[\d.]+)", out)
    assert learned is not None
    assert abs(float(learned["w"]) - 3) < 0.1 and abs(float(learned["b"]) + 2) < 0.1


def test_set_to_none_and_zeros_give_different_weights_with_momentum(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/set_to_none_vs_zeros.py")
    none_part, zero_part = out.split("set_to_none=False:")
    assert "step 2: head.weight.grad is None, the head moved: False" in none_part
    assert "step 2: head.weight.grad is zeros, the head moved: True" in zero_part
    assert out.rstrip().endswith("same head weights after step 2: False")
