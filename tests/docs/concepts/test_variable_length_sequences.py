"""Claims of docs/*/concepts/variable-length-sequences.md, from the outputs its snippets show."""

from __future__ import annotations

import re
from collections.abc import Callable

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
