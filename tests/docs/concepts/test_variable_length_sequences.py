"""Claims of docs/*/concepts/variable-length-sequences.md: from the outputs its snippets show, and
behaviours of torch that the page states."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

PAGE = "snippets/concepts/variable-length-sequences"


def test_a_sequence_of_any_length_gives_one_output(shown: Callable[[str], str]) -> None:
    assert "output shape: torch.Size([1, 10])" in shown(f"{PAGE}/one_sequence.py")


def test_packing_equals_one_at_a_time_and_padding_is_counted(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/padded_batch.py")
    assert "same as one at a time: True" in out
    assert "padding steps: 11 of 45" in out


def test_the_last_padded_step_is_wrong_for_shorter_sequences(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/last_step.py")
    assert "output[-1] right per sequence: [False, False, True]" in out
    assert "indexed by lengths right: True" in out


def test_the_python_loop_calls_a_cell_per_step_and_nn_rnn_once(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/rnn_graph.py")
    counts = [
        tuple(int(n) for n in re.findall(r"(\d+) (?:Python call|graph node)", line))
        for line in out.splitlines()
    ]
    (loop_calls_3, loop_nodes_3, rnn_calls_3, rnn_nodes_3) = counts[0]
    (loop_calls_7, loop_nodes_7, rnn_calls_7, rnn_nodes_7) = counts[1]
    assert (loop_calls_3, loop_calls_7) == (2 * 3, 2 * 7)  # two layers, one call per step each
    assert rnn_calls_3 == rnn_calls_7 == 1
    assert loop_nodes_7 > loop_nodes_3 and rnn_nodes_7 > rnn_nodes_3  # on the CPU both grow


def test_padding_reaches_a_bidirectional_rnn_unless_packed() -> None:
    """The page: a bidirectional RNN run without packing starts its backward direction in the
    padding, so the real positions change with the padding value; packed, they do not."""
    torch.manual_seed(0)
    rnn = nn.RNN(3, 4, bidirectional=True)
    sequence = torch.randn(2, 1, 3)  # two real steps
    alone = rnn(sequence)[0]
    results = []
    for value in (0.0, 1.0):
        padded = torch.cat([sequence, torch.full((3, 1, 3), value)])  # and three padded ones
        results.append(rnn(padded)[0][:2])
        packed = pack_padded_sequence(padded, torch.tensor([2]))
        assert torch.allclose(pad_packed_sequence(rnn(packed)[0])[0], alone, atol=1e-6)
    assert torch.allclose(results[0][..., :4], alone[..., :4], atol=1e-6)  # forward half: fine
    assert not torch.allclose(results[0][..., 4:], results[1][..., 4:])  # backward half: not


def test_nested_tensors_batch_any_lengths_but_nn_rnn_refuses_them() -> None:
    """The page: a batch is usually rectangular; torch.nested holds sequences of different
    lengths in one batch, which a layer runs as it runs each sequence alone, but nn.RNN refuses."""
    torch.manual_seed(0)
    sequences = [torch.randn(length, 3) for length in (12, 7, 15)]
    batch = torch.nested.nested_tensor(sequences, layout=torch.jagged)
    linear = nn.Linear(3, 4)
    assert all(
        torch.allclose(row, linear(sequence), atol=1e-6)
        for row, sequence in zip(linear(batch).unbind(), sequences, strict=True)
    )
    with pytest.raises(ValueError, match="jagged"):
        nn.RNN(3, 4, batch_first=True)(batch)
