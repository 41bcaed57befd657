"""dyndocs.models.sequences: an RNN that packs padded batches, and pad_batch."""

from __future__ import annotations

import pytest
import torch
from torch.nn.utils.rnn import pad_sequence

from dyndocs.models.sequences import RNN, pad_batch
from dyndocs.shapes import ShapeError

LENGTHS = (12, 7, 15, 1, 9)


@pytest.fixture
def model() -> RNN:
    torch.manual_seed(0)
    return RNN(input_size=1000, hidden_size=32, output_size=10)


@pytest.fixture
def sequences() -> list[torch.Tensor]:
    torch.manual_seed(1)
    return [torch.randint(0, 1000, (n,)) for n in LENGTHS]


@pytest.mark.parametrize("seq_len", [10, 14, 19])
def test_batch_of_one_of_any_length_gives_one_by_ten(model: RNN, seq_len: int) -> None:
    output, hidden = model(torch.randint(0, 1000, (seq_len, 1)))
    assert output.shape == torch.Size([1, 10])
    assert hidden.shape == torch.Size([1, 1, 32])


def test_packed_batch_matches_each_sequence_alone(
    model: RNN, sequences: list[torch.Tensor]
) -> None:
    padded, lengths = pad_batch(sequences)
    assert padded.shape == (max(LENGTHS), len(LENGTHS))
    batched, _ = model(padded, lengths)
    alone = torch.cat([model(seq.unsqueeze(1))[0] for seq in sequences])
    assert torch.allclose(batched, alone, atol=1e-6)


def test_padding_value_does_not_change_packed_result(
    model: RNN, sequences: list[torch.Tensor]
) -> None:
    lengths = torch.tensor(LENGTHS)
    zeros = pad_sequence(sequences, padding_value=0)
    other = pad_sequence(sequences, padding_value=999)
    assert torch.equal(model(zeros, lengths)[0], model(other, lengths)[0])


def test_last_padded_step_is_wrong_for_shorter_sequences(
    model: RNN, sequences: list[torch.Tensor]
) -> None:
    padded, lengths = pad_batch(sequences)
    correct, _ = model(padded, lengths)
    wrong, _ = model(padded)  # no lengths: reads output[-1], a padding step for short ones
    for row, length in enumerate(LENGTHS):
        same = torch.allclose(wrong[row], correct[row], atol=1e-6)
        assert same == (length == max(LENGTHS))


def test_indexing_by_lengths_matches_packing(model: RNN, sequences: list[torch.Tensor]) -> None:
    padded, lengths = pad_batch(sequences)
    correct, _ = model(padded, lengths)
    steps, _ = model.rnn(model.embedding(padded))
    last = steps[lengths - 1, torch.arange(len(sequences))]
    assert torch.allclose(model.linear(last), correct, atol=1e-6)


def test_input_shape_is_checked(model: RNN) -> None:
    with pytest.raises(ShapeError, match=r"expected shape \(seq_len, batch\)"):
        model(torch.zeros(4, dtype=torch.long))
