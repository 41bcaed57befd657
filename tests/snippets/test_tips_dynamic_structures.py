"""Claims of docs/*/tips/dynamic-structures.md: branches, ModuleList, DynamicRNN == nn.RNN."""

from __future__ import annotations

import runpy

import pytest
import torch
from torch import nn

from dyndocs import recorded_ops
from dyndocs.models.recurrent import DynamicRNN
from dyndocs.models.tips import AdaptiveDepthNet, MeanBranchNet
from dyndocs.shapes import ShapeError
from dyndocs.site import ROOT

SNIPPETS = ROOT / "snippets" / "tips" / "dynamic-structures"


def test_branch_follows_the_sign_of_the_mean() -> None:
    model = MeanBranchNet()
    x = torch.randn(3, 4)
    pos, neg = x.abs() + 0.1, -(x.abs() + 0.1)
    assert torch.equal(model(pos), model.layer_A(pos))
    assert torch.equal(model(neg), model.layer_B(neg))
    assert not torch.allclose(model.layer_A(neg), model.layer_B(neg))


@pytest.mark.parametrize("num_layers", [1, 2, 3])
@pytest.mark.parametrize("seq_len", [3, 7])
def test_dynamic_rnn_matches_nn_rnn(num_layers: int, seq_len: int) -> None:
    reference = nn.RNN(input_size=4, hidden_size=6, num_layers=num_layers)
    rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=num_layers)
    rnn.load_weights_from(reference)
    input_seq, h_0 = torch.randn(seq_len, 2, 4), torch.randn(num_layers, 2, 6)
    outputs, h_n = rnn(input_seq, h_0)
    expected_outputs, expected_h_n = reference(input_seq, h_0)
    assert outputs.shape == (seq_len, 2, 6)
    assert h_n.shape == (num_layers, 2, 6)
    assert torch.allclose(outputs, expected_outputs, atol=1e-6)
    assert torch.allclose(h_n, expected_h_n, atol=1e-6)
    # default initial state is zeros, as in nn.RNN
    assert torch.allclose(rnn(input_seq)[0], reference(input_seq)[0], atol=1e-6)


def test_dynamic_rnn_gradients_match_nn_rnn() -> None:
    reference = nn.RNN(input_size=4, hidden_size=6, num_layers=2)
    rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
    rnn.load_weights_from(reference)
    x = torch.randn(5, 2, 4)
    rnn(x)[0].sum().backward()
    reference(x)[0].sum().backward()
    assert rnn.layers[1].weight_hh.grad is not None and reference.weight_hh_l1.grad is not None
    assert torch.allclose(rnn.layers[1].weight_hh.grad, reference.weight_hh_l1.grad, atol=1e-5)


def test_dynamic_rnn_rejects_wrong_shapes() -> None:
    rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
    expected = r"input_seq: expected shape \(seq_len, batch, 4\), received \(2, 4\)"
    with pytest.raises(ShapeError, match=expected):
        rnn(torch.randn(2, 4))
    expected = r"h_init: expected shape \(2, 3, 6\), received \(1, 3, 6\)"
    with pytest.raises(ShapeError, match=expected):
        rnn(torch.randn(5, 3, 4), torch.zeros(1, 3, 6))
    with pytest.raises(ShapeError, match="at least one time step"):
        rnn(torch.randn(0, 3, 4))


def test_module_list_depth_and_registration() -> None:
    model = AdaptiveDepthNet(width=8, max_depth=4)
    x = torch.randn(2, 8)
    for depth in (1, 2, 4):
        assert recorded_ops(model(x, depth=depth)).count("AddmmBackward0") == depth
    assert len(list(model.parameters())) == 8
    with pytest.raises(ValueError, match="between 1 and 4"):
        model(x, depth=0)
    ns = runpy.run_path(str(SNIPPETS / "module_list.py"), run_name="__main__")
    assert list(ns["PlainList"]().parameters()) == []


def test_packed_lstm_matches_one_by_one() -> None:
    ns = runpy.run_path(str(SNIPPETS / "variable_length.py"), run_name="__main__")
    assert torch.allclose(ns["h_batch"][0], ns["one_by_one"], atol=1e-6)
