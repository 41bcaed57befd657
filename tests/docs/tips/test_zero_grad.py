"""Claims of docs/*/tips/zero-grad.md: from the outputs its snippets show, and behaviours of torch
that the page states."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
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


def test_equal_micro_batches_are_not_enough_when_the_mean_skips_targets() -> None:
    """The page: with ``ignore_index``, each micro-batch must count as many targets; otherwise
    sum and divide by the targets counted over all of them."""
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    x = torch.randn(8, 4)
    y = torch.tensor([0, 1, 2, -100, -100, -100, 1, 2])  # 3 targets counted, then 2
    model.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    assert model.weight.grad is not None
    full = model.weight.grad.clone()
    halves = [slice(0, 4), slice(4, 8)]  # the same size
    model.zero_grad()
    for part in halves:
        (nn.functional.cross_entropy(model(x[part]), y[part]) / 2).backward()
    assert not torch.allclose(model.weight.grad, full, atol=1e-6)
    model.zero_grad()
    counted = int((y != -100).sum())
    for part in halves:
        loss = nn.functional.cross_entropy(model(x[part]), y[part], reduction="sum")
        (loss / counted).backward()
    assert torch.allclose(model.weight.grad, full, atol=1e-6)


def test_a_larger_gradient_shifts_adams_weight_decay_but_not_adamws() -> None:
    """The page: Adam adds ``weight_decay`` to the gradient, AdamW decays the weights apart."""

    def weights_after(optimizer_class: type[torch.optim.Optimizer], scale: float) -> torch.Tensor:
        torch.manual_seed(0)
        model = nn.Linear(4, 1)
        optimizer = optimizer_class(model.parameters(), lr=0.1, weight_decay=0.1)
        x, y = torch.randn(16, 4), torch.randn(16, 1)
        for _ in range(20):
            optimizer.zero_grad()
            (nn.functional.mse_loss(model(x), y) * scale).backward()
            optimizer.step()
        return model.weight.detach().clone()

    assert not torch.allclose(
        weights_after(torch.optim.Adam, 1), weights_after(torch.optim.Adam, 4)
    )
    adamw = weights_after(torch.optim.AdamW, 1), weights_after(torch.optim.AdamW, 4)
    assert torch.allclose(*adamw, atol=1e-5)


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


def test_only_a_graph_that_saved_tensors_fails_a_second_backward() -> None:
    w = torch.ones(3, requires_grad=True)
    sums = (w + 1).sum()  # an addition saves nothing for its backward
    sums.backward()
    sums.backward()
    assert w.grad is not None and torch.equal(w.grad, torch.full((3,), 2.0))
    product = (w * w).sum()  # a product saves both factors
    product.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        product.backward()


def test_zeroed_gradients_take_the_next_one_by_addition_and_none_by_a_new_tensor() -> None:
    """The page: after zero_grad(set_to_none=False) backward adds into the zero-filled gradient
    (the same tensor, changed in place); after the default it stores a new gradient."""
    torch.manual_seed(0)
    layer = nn.Linear(3, 2)
    optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
    x = torch.randn(4, 3)
    layer(x).sum().backward()
    before = layer.weight.grad
    optimizer.zero_grad(set_to_none=False)
    assert before is not None and not before.any()
    layer(x).sum().backward()
    assert layer.weight.grad is before and before.any()
    optimizer.zero_grad()
    assert layer.weight.grad is None
    layer(x).sum().backward()
    assert layer.weight.grad is not before


def test_undivided_accumulation_is_clipped_where_the_right_gradient_is_not() -> None:
    """The page: the clipping threshold stays, the norm compared with it is four times larger."""
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    inputs, targets = torch.randn(32, 4), torch.randn(32, 1)

    def accumulate(divide: bool) -> None:
        model.zero_grad()
        for x, y in zip(inputs.chunk(4), targets.chunk(4), strict=True):
            loss = nn.functional.mse_loss(model(x), y)
            (loss / 4 if divide else loss).backward()

    norm = {}
    for divide in (True, False):
        accumulate(divide)
        norm[divide] = nn.utils.get_total_norm([p.grad for p in model.parameters()]).item()
    assert norm[False] == pytest.approx(4 * norm[True], rel=1e-5)
    threshold = 2 * norm[True]  # the right gradient passes it, the undivided one does not
    for divide, clipped in ((True, False), (False, True)):
        accumulate(divide)
        before = model.weight.grad.clone()
        nn.utils.clip_grad_norm_(model.parameters(), max_norm=threshold)
        assert (not torch.equal(before, model.weight.grad)) is clipped
