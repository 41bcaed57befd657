"""dyndocs.models.recurrent: DynamicRNN computes what nn.RNN computes, at any length."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dyndocs.models.recurrent import DynamicRNN
from dyndocs.shapes import ShapeError


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


def test_loading_weights_refuses_an_rnn_with_dropout() -> None:
    """nn.RNN drops out between layers in training mode; DynamicRNN has no dropout to match."""
    reference = nn.RNN(input_size=4, hidden_size=6, num_layers=2, dropout=0.5)
    with pytest.raises(ValueError, match=r"dropout=0\.5, "):
        DynamicRNN(input_size=4, hidden_size=6, num_layers=2).load_weights_from(reference)


def test_loading_weights_refuses_a_batch_first_rnn() -> None:
    """DynamicRNN reads (seq_len, batch, features); nn.RNN(batch_first=True) reads its input as
    (batch, seq_len, features), so the same weights would compute another function."""
    reference = nn.RNN(input_size=4, hidden_size=6, num_layers=2, batch_first=True)
    with pytest.raises(ValueError, match=r"batch_first=True\)"):
        DynamicRNN(input_size=4, hidden_size=6, num_layers=2).load_weights_from(reference)
