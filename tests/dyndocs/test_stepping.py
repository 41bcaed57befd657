"""dyndocs.graph.steps: each frame is what the run really did, checked against the run itself.

The last forward frame against `record`; the backward order against hooks this test registers
itself; the freed marks against reading the saved tensors (``grad_fn._saved_*``, as PyTorch's
autograd notes read them); and the errors bad input gets.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch
from torch import nn

from dyndocs.graph import GraphTooLarge, NothingRecorded, Steps, record, steps
from dyndocs.graph.autograd import _walk
from dyndocs.models.recurrent import DynamicRNN

Forward = Callable[[], torch.Tensor]


def two_layers() -> tuple[nn.Module, Forward]:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    x = torch.randn(2, 3)
    return model, lambda: model(x).pow(2).mean()


def recurrent() -> tuple[nn.Module, Forward]:
    torch.manual_seed(0)
    rnn = DynamicRNN(input_size=2, hidden_size=3, num_layers=2)
    seq = torch.randn(3, 1, 2)
    return rnn, lambda: rnn(seq)[0].sum()


CASES = [two_layers, recurrent]


def with_backward(forward: Forward, retain_graph: bool = False) -> Forward:
    def run() -> torch.Tensor:
        loss = forward()
        loss.backward(retain_graph=retain_graph)
        return loss

    return run


@pytest.mark.parametrize("case", CASES)
def test_the_last_forward_frame_is_the_graph_record_reads(case: Callable) -> None:
    model, forward_pass = case()
    run = with_backward(forward_pass)
    stepped = steps(run, model)
    forward = [f for f in stepped.frames if f.phase == "forward"]
    recorded = record(run, model)
    assert set(forward[-1].visible) == {n.id for n in recorded.nodes}
    assert stepped.graph == recorded
    assert forward == stepped.frames[: len(forward)], "forward frames come first"


def hooked_order(model: nn.Module, forward: Forward) -> list[str]:
    """The order the engine runs the nodes in, from prehooks registered by this test."""
    order: list[str] = []
    loss = forward()
    seen, stack = set(), [loss.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        node.register_prehook(lambda grads, node=node: order.append(label_of(node, model)))
        stack.extend(child for child, _ in node.next_functions)
    loss.backward()
    return order


def label_of(node: object, model: nn.Module) -> str:
    variable = getattr(node, "variable", None)
    if isinstance(variable, torch.Tensor):
        return next(name for name, p in model.named_parameters() if p is variable)
    return node.name()  # type: ignore[attr-defined]


@pytest.mark.parametrize("case", CASES)
def test_the_backward_order_is_the_order_the_hooks_record(case: Callable) -> None:
    model, forward = case()
    stepped = steps(with_backward(forward), model)
    backward = [f for f in stepped.frames if f.phase == "backward"]
    assert [stepped.labels(f.nodes) for f in backward] == hooked_order(*case())


def freed_by_reading(output: torch.Tensor, model: nn.Module) -> set[str]:
    """The ids of the nodes some of whose saved tensors can no longer be read."""
    _, ids = _walk(output, model, "", None)
    freed = set()
    for node, node_id in ids.items():
        for name in dir(node):
            if not name.startswith("_saved_"):
                continue
            try:
                getattr(node, name)
            except RuntimeError:  # "... after they have already been freed"
                freed.add(node_id)
    return freed


@pytest.mark.parametrize("retain_graph", [False, True])
@pytest.mark.parametrize("case", CASES)
def test_the_freed_marks_are_what_reading_the_saved_tensors_reports(
    case: Callable, retain_graph: bool
) -> None:
    model, forward = case()
    stepped = steps(with_backward(forward, retain_graph), model)
    marked = {i for i in stepped.frames[-1].freed if not i.startswith("s")}
    model, forward = case()
    read = freed_by_reading(with_backward(forward, retain_graph)(), model)
    assert marked == read
    assert bool(read) is not retain_graph, "the check reads something either way"


def test_two_backward_calls_accumulate_and_zero_grad_clears() -> None:
    model, forward = two_layers()
    run = with_backward(forward)

    def twice() -> tuple[torch.Tensor, torch.Tensor]:
        first, second = run(), run()
        model.zero_grad()
        return first, second

    stepped = steps(twice, model)
    whats = [f.what for f in stepped.frames]
    assert whats.count("grad_written") == whats.count("grad_accumulated") == 4
    assert whats[-1] == "grad_cleared" and stepped.frames[-1].grads == ()
    assert stepped.labels(stepped.frames[-1].nodes).count(".weight") == 2
    assert "model.zero_grad()" in stepped.frames[-1].code
    assert max(len(f.grads) for f in stepped.frames) == 4


def test_frames_round_trip_through_plain_data() -> None:
    model, forward = two_layers()
    stepped = steps(with_backward(forward), model)
    assert Steps.from_dict(stepped.to_dict()) == stepped
    assert str(stepped).splitlines()[0].startswith("1. forward, line ")


def test_code_that_records_nothing_says_nothing_required_grad() -> None:
    with pytest.raises(
        NothingRecorded, match=r"steps\(flat\): .*nothing it computed required grad"
    ):

        def flat() -> torch.Tensor:
            return torch.ones(3) * 2

        steps(flat)


def test_code_that_returns_no_tensor_is_told_what_to_return() -> None:
    with pytest.raises(TypeError, match="must return the tensor.*returned NoneType"):
        steps(lambda: None)  # type: ignore[arg-type,return-value]


def test_a_graph_too_large_fails_with_its_size_and_the_limit() -> None:
    x = torch.ones(2, requires_grad=True)

    def long_chain() -> torch.Tensor:
        y = x
        for _ in range(30):
            y = y * 2
        return y.sum()

    with pytest.raises(GraphTooLarge, match=r"the graph has 3\d nodes, more than the 20"):
        steps(long_chain, max_nodes=20)
