"""sitebuild.bench.cases._shared.ops_of: the ATen operations one call runs, as the dispatcher
sees them."""

from __future__ import annotations

import warnings

import torch
from torch import nn

from dyndocs.models.tips import MeanBranchNet
from sitebuild.bench.cases._shared import mlp, ops_of


def test_a_linear_layer_is_a_transpose_and_an_addmm() -> None:
    torch.manual_seed(0)
    model, x = mlp(32), torch.randn(4, 16)  # three linear layers with two ReLUs between them
    with torch.no_grad():
        assert ops_of(lambda: model(x)) == 8
    # The count is taken below autograd: recording also shows, as the detached alias of each
    # ReLU result it saves for backward. The cases count under no_grad, as they time.
    assert ops_of(lambda: model(x)) == 10


def test_a_trace_runs_only_the_operations_of_the_branch_it_saw() -> None:
    """MeanBranchNet computes its input's mean and compares it, then runs one linear layer; the
    trace keeps the layer and drops the rest, which only chose the branch."""
    torch.manual_seed(0)
    model, x = MeanBranchNet(10, 10).eval(), torch.randn(4, 10)
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # the tracer warns of the branch it fixes
        traced = torch.jit.trace(model, x)
        assert ops_of(lambda: model(x)) == 5  # mean, gt, the bool, and the layer's two
        assert ops_of(lambda: traced(x)) == 2


def test_nothing_is_counted_outside_the_call() -> None:
    layer = nn.Linear(2, 2)
    assert ops_of(lambda: None) == 0
    with torch.no_grad():
        layer(torch.ones(1, 2))  # not inside ops_of: not counted anywhere
    assert ops_of(lambda: layer(torch.ones(1, 2))) == 3  # ones, t and addmm
