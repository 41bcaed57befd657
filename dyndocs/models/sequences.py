"""Recurrent models for variable-length sequences.

Examples:
    >>> import torch
    >>> from dyndocs.models.sequences import RNN
    >>> model = RNN(input_size=100, hidden_size=8, output_size=3)
    >>> model(torch.zeros(5, 2, 4, dtype=torch.long))
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: RNN: input_seq: expected shape (seq_len, batch), received (5, 2, 4)
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_sequence

from dyndocs.shapes import check_shape

# --8<-- [end:imports]


# --8<-- [start:rnn]
class RNN(nn.Module):
    """Embedding, a one-layer RNN and a linear layer applied to the last time step.

    ``input_seq`` is sequence-first: ``(seq_len, batch)`` token ids. Without
    ``lengths`` every sequence of the batch is taken to be ``seq_len`` long. With
    ``lengths`` the batch is padded (see `pad_batch`) and is packed before the
    RNN, so padding never enters the computation and the output is read at the last
    *real* step of each sequence.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> model = RNN(input_size=100, hidden_size=8, output_size=3)
        >>> output, hidden = model(torch.randint(0, 100, (7, 1)))
        >>> output.shape, hidden.shape
        (torch.Size([1, 3]), torch.Size([1, 1, 8]))
    """

    def __init__(self, input_size: int, hidden_size: int, output_size: int) -> None:
        super().__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(input_size, hidden_size)
        self.rnn = nn.RNN(hidden_size, hidden_size)
        self.linear = nn.Linear(hidden_size, output_size)

    def forward(
        self, input_seq: torch.Tensor, lengths: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        check_shape(input_seq, ("seq_len", "batch"), name="RNN: input_seq")
        embedded = self.embedding(input_seq)  # (seq_len, batch, hidden_size)
        if lengths is not None:
            # Packing skips the padded steps: the RNN sees each sequence at its own length.
            embedded = pack_padded_sequence(embedded, lengths.cpu(), enforce_sorted=False)
        _, hidden = self.rnn(embedded)  # hidden: (1, batch, hidden_size)
        # hidden[-1] is the output at the last real time step of every sequence
        # (for full-length sequences it equals the lecture's output[-1]).
        output = self.linear(hidden[-1])
        return output, hidden
        # --8<-- [end:rnn]


# --8<-- [start:pad_batch]
def pad_batch(sequences: list[torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
    """Pad 1-D token sequences into one ``(max_len, batch)`` tensor, and return their lengths.

    Examples:
        >>> padded, lengths = pad_batch([torch.tensor([5, 6, 7]), torch.tensor([8])])
        >>> padded.T
        tensor([[5, 6, 7],
                [8, 0, 0]])
        >>> lengths
        tensor([3, 1])
    """
    lengths = torch.tensor([len(seq) for seq in sequences])
    padded = pad_sequence(sequences, padding_value=0)  # (max_len, batch), zeros after the end
    return padded, lengths
    # --8<-- [end:pad_batch]
