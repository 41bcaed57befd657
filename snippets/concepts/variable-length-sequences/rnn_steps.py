"""DynamicRNN over three time steps: each step is one Python call of the cell, one frame."""

import torch

from dyndocs.graph import Steps, steps
from dyndocs.models.recurrent import DynamicRNN


def stepped() -> Steps:
    """Record DynamicRNN over a short sequence, then run backward through it."""
    torch.manual_seed(0)
    rnn = DynamicRNN(input_size=2, hidden_size=3, num_layers=1)
    sequence = torch.randn(3, 1, 2)  # (seq_len, batch, features): three time steps

    def run() -> torch.Tensor:
        outputs, _ = rnn(sequence)
        loss = outputs.sum()
        loss.backward()
        return loss

    return steps(run, rnn)


print(stepped())
