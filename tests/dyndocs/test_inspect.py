"""dyndocs.inspect: saved_bytes counts what recording adds, with or without the parameters."""

from __future__ import annotations

import torch

from dyndocs.inspect import SavedHeld, saved_bytes


def test_saved_bytes_counts_each_storage_once() -> None:
    a = torch.ones(10, requires_grad=True)
    assert saved_bytes(lambda: a * a) == a.untyped_storage().nbytes()  # saved twice, counted once
    b = torch.ones(10, requires_grad=True)
    assert saved_bytes(lambda: a * b) == 2 * a.untyped_storage().nbytes()
    with torch.no_grad():
        assert saved_bytes(lambda: a * b) == 0


def test_saved_bytes_with_and_without_the_parameters() -> None:
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
    x = torch.randn(3, 4)
    activations = (3 * 4 + 3 * 8) * 4  # the input (saved by the first matmul) and ReLU's output
    assert saved_bytes(lambda: model(x), exclude=model) == activations
    # Counting parameters adds the second layer's weight, which its input's gradient needs; the
    # first weight is not saved because nothing upstream of it requires a gradient.
    second_weight = model[2].weight.untyped_storage().nbytes()
    assert saved_bytes(lambda: model(x)) == activations + second_weight


def test_saved_held_counts_what_graphs_still_hold() -> None:
    x = torch.ones(8, requires_grad=True)
    held = SavedHeld()
    with held:
        y = x.exp()  # saves y: 32 bytes
        z = (y * y).sum()  # saves y again: the same storage, counted once
    assert held.nbytes() == 32
    z.backward(retain_graph=True)
    assert held.nbytes() == 32
    z.backward()
    assert held.nbytes() == 0
    with held:
        kept = x.exp()
    del kept  # the graph goes with the last tensor that reaches it
    assert held.nbytes() == 0


def test_saved_held_leaves_out_the_parameters_it_is_told_to() -> None:
    torch.manual_seed(0)
    layer = torch.nn.Linear(4, 8)
    x = torch.randn(2, 4, requires_grad=True)
    held, all_of_it = SavedHeld(exclude=layer), SavedHeld()
    with held:
        y = layer(x).sigmoid().sum()  # saves x (32 bytes), the weight (128), sigmoid's output (64)
    with all_of_it:
        z = layer(x).sigmoid().sum()
    assert (held.nbytes(), all_of_it.nbytes()) == (96, 224)
    del y, z
    assert held.nbytes() == 0
