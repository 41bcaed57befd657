"""Claims of docs/*/tips/dynamic-structures.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch
from torch import nn

from dyndocs import recorded_ops

PAGE = "snippets/tips/dynamic-structures"


def test_the_branch_follows_the_mean(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/conditional_branch.py")
    assert "mean > 0: went through layer_A" in out and "mean <= 0: went through layer_B" in out


def test_an_lstm_takes_any_length_and_packing_matches(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/variable_length.py")
    assert "length 3: output (3, 6)" in out and "length 7: output (7, 6)" in out
    assert "packed batch == one by one: True" in out


def test_sequential_runs_in_order(shown: Callable[[str], str]) -> None:
    assert "output shape: (3, 2)" in shown(f"{PAGE}/sequential.py")


def test_module_list_registers_and_depth_is_decided_per_call(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/module_list.py")
    assert "depth=1: linear layers in this call's graph: 1" in out
    assert "depth=3: linear layers in this call's graph: 3" in out
    assert "parameters in the ModuleList: 8" in out
    assert "parameters in a plain list:   0" in out


def test_dynamic_rnn_runs_any_length_and_checks_shapes(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/dynamic_rnn.py")
    assert "seq_len=3: outputs (3, 2, 6), h_n (2, 2, 6)" in out
    assert "seq_len=7: outputs (7, 2, 6), h_n (2, 2, 6)" in out
    assert "ShapeError: DynamicRNN: input_seq: expected shape (seq_len, batch, 4)" in out


def test_dynamic_rnn_matches_nn_rnn(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/dynamic_rnn_vs_nn_rnn.py")
    assert "outputs match nn.RNN: True" in out and "h_n matches nn.RNN:   True" in out


@pytest.mark.skipif(not torch.backends.mkldnn.is_available(), reason="torch without oneDNN")
def test_on_the_cpu_an_lstm_layer_is_one_recorded_node_whatever_the_length() -> None:
    torch.manual_seed(0)
    lstm = nn.LSTM(4, 6)
    recorded = [recorded_ops(lstm(torch.randn(steps, 2, 4))[0].sum()) for steps in (3, 7)]
    assert recorded[0] == recorded[1] and recorded[0].count("MkldnnRnnLayerBackward0") == 1
