"""Claims of docs/*/errors/backward-twice.md, from the outputs its snippets show."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
import torch

PAGE = "snippets/errors/backward-twice"


def test_the_carried_state_fails_at_the_second_step(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/second_time.py")
    assert out.startswith("RuntimeError: Trying to backward through the graph a second time")
    assert "failed at step 1" in out


def test_detaching_the_state_holds_nothing_after_each_backward(
    shown: Callable[[str], str],
) -> None:
    held = re.findall(r"still held after backward: (\d+)", shown(f"{PAGE}/second_time_fix.py"))
    assert held == ["0"] * 4


def test_retain_graph_holds_one_more_8x16_tensor_per_step(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/second_time_dead_end.py")
    held = [int(n) for n in re.findall(r"still held after backward: (\d+)", out)]
    growth = [b - a for a, b in zip(held, held[1:], strict=False)]
    assert len(held) == 4 and held[0] > 0
    assert growth[1:] == [8 * 16 * 4] * 2  # the page says 512 bytes per step
    assert growth[0] == 8 * 16 * 4 + 16 * 16 * 4  # step 1 also saves w, once


def test_the_saved_tensor_is_freed_and_retain_graph_keeps_it(
    shown: Callable[[str], str],
) -> None:
    assert "already been freed" in shown(f"{PAGE}/saved_freed.py").splitlines()[0]
    fix = shown(f"{PAGE}/saved_freed_fix.py")
    assert "saved before backward is y itself: True" in fix
    assert "after backward(retain_graph=True): tensor(" in fix


def recurrent_steps(w: torch.Tensor, optimizer: torch.optim.Optimizer | None = None) -> int:
    """The dead end's loop, four steps with retain_graph=True; returns the steps that ran."""
    torch.manual_seed(1)
    h = torch.zeros(8, 16)
    for step in range(4):  # noqa: B007 (the count of steps is returned)
        h = torch.tanh(h @ w + torch.randn(8, 16))
        h.sum().backward(retain_graph=True)
        if optimizer is not None:
            optimizer.step()
    return step + 1


def test_retain_graph_gives_the_gradient_of_every_loss_through_every_step() -> None:
    """The page: w.grad is then the gradient of all the losses so far through all the steps."""
    torch.manual_seed(0)
    w = torch.randn(16, 16, requires_grad=True)
    recurrent_steps(w)
    walked = w.grad.clone()
    w.grad = None
    torch.manual_seed(1)
    h, total = torch.zeros(8, 16), torch.zeros(())
    for _ in range(4):
        h = torch.tanh(h @ w + torch.randn(8, 16))
        total = total + h.sum()
    total.backward()  # one graph, one backward: every loss through every step
    assert torch.allclose(walked, w.grad, atol=1e-5)


def test_retain_graph_with_an_optimizer_step_fails_at_the_third_backward() -> None:
    """The page: optimizer.step() changes w in place; the third backward meets the saved w."""
    torch.manual_seed(0)
    w = torch.randn(16, 16, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    with pytest.raises(RuntimeError, match=r"modified by an inplace operation.*\[16, 16\]"):
        recurrent_steps(w, optimizer)
    assert w._version == 2  # two updates ran: the failure is in the third step


def test_backward_frees_each_nodes_saved_tensors_as_soon_as_that_node_ran() -> None:
    """The page: freed as the walk goes, not after it; the outer node's are gone mid-walk."""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    outer = x.exp().exp()  # two ExpBackward0 nodes, each saving its result
    seen: list[str] = []

    def before_the_inner_node(grad_outputs: tuple[torch.Tensor, ...]) -> None:
        try:
            seen.append(f"kept {outer.grad_fn._saved_result.shape}")  # type: ignore[union-attr]
        except RuntimeError as freed:
            seen.append(str(freed))

    inner = outer.grad_fn.next_functions[0][0]  # type: ignore[union-attr]
    inner.register_prehook(before_the_inner_node)
    outer.sum().backward()
    assert len(seen) == 1 and "already been freed" in seen[0], seen
