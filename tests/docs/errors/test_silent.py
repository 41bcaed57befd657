"""Claims of docs/*/errors/silent.md, from the outputs its snippets show."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable

import torch
from torch import nn

from dyndocs.inspect import SavedHeld

PAGE = "snippets/errors/silent"


def kept(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"step \d: (\d+) bytes kept for backward", out)]


def test_zero_grad_before_backward_gives_each_step_its_own_gradient(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/gradients_accumulate_fix.py")
    assert out.count("weight.grad = tensor([[1., 2., 3.]])") == 3


def test_zero_grad_between_backward_and_step_freezes_the_model(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/gradients_accumulate_dead_end.py")
    assert "weight.grad before each step: None" in out
    assert "the weight moved in 3 steps: False" in out


def test_total_loss_keeps_one_more_graph_per_step(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/total_loss.py")
    step = kept(out)[0]
    assert step == 4736  # the page names this figure
    assert kept(out) == [step, 2 * step, 3 * step, 4 * step]
    assert kept(shown(f"{PAGE}/total_loss_dead_end.py")) == kept(out)


def test_item_keeps_only_the_current_graph(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/total_loss_fix.py")
    assert kept(out) == [4736] * 4
    assert "total_loss is a float" in out


def test_in_a_training_loop_backward_frees_what_the_summed_graphs_saved() -> None:
    """The page: the growth is where no backward() runs; backward frees each step's tensors."""
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    total = torch.zeros(())
    held = SavedHeld(exclude=model)
    with held:
        for _ in range(3):
            loss = model(torch.randn(8, 4)).relu().sum()
            loss.backward()
            total = total + loss
    assert held.nbytes() == 0 and total.grad_fn is not None


def test_anomaly_mode_names_sqrt_and_plain_mode_gives_nan(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/nan_gradient.py")
    assert out.startswith("RuntimeError: Function 'SqrtBackward0' returned nan values")
    assert "no error; x.grad = tensor([   nan, 0.2500])" in out
    assert "x.grad = tensor([   nan, 0.2500])" in shown(f"{PAGE}/nan_gradient_dead_end.py")
    assert "x.grad = tensor([0.0000, 0.2500])" in shown(f"{PAGE}/nan_gradient_fix.py")


def test_each_step_saves_the_batch_the_relu_output_the_prediction_and_the_target() -> None:
    """The page names what the 4,736 bytes per step are."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 1))
    x, y = torch.randn(16, 8), torch.randn(16, 1)
    weights = {p.data_ptr() for p in model.parameters()}
    saved: dict[int, tuple[int, ...]] = {}

    def keep(t: torch.Tensor) -> torch.Tensor:
        if t.data_ptr() not in weights:
            saved[t.data_ptr()] = tuple(t.shape)
        return t

    with torch.autograd.graph.saved_tensors_hooks(keep, lambda t: t):
        prediction = model(x)
        nn.functional.mse_loss(prediction, y)
    # The batch, the prediction and the target, and the ReLU's output (saved by the ReLU and
    # by the second Linear: one tensor), by their shapes.
    assert x.data_ptr() in saved and y.data_ptr() in saved and prediction.data_ptr() in saved
    assert sorted(saved.values()) == [(16, 1), (16, 1), (16, 8), (16, 64)]
    assert sum(4 * torch.Size(s).numel() for s in saved.values()) == 4736


def test_anomaly_mode_works_in_the_forward_pass_too() -> None:
    """The page: anomaly mode slows the forward pass too; it stores a traceback with every node it
    records. Without it, a node carries no metadata."""
    x = torch.ones(2, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # anomaly mode's own warning that it is on
        with torch.autograd.detect_anomaly():
            recorded = (x.exp() * 2).sum()
    plain = (x.exp() * 2).sum()
    sum_node = recorded.grad_fn
    mul_node = sum_node.next_functions[0][0]
    exp_node = mul_node.next_functions[0][0]
    for node in (sum_node, mul_node, exp_node):
        assert node.metadata.get("traceback_"), node.name()
    assert plain.grad_fn.metadata == {}
