"""A stacked RNN written as Python loops over time steps and layers.

Examples:
    >>> import torch
    >>> from dyndocs.models.recurrent import DynamicRNN
    >>> rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
    >>> rnn(torch.zeros(5, 4))  # one sequence without its batch dimension
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: DynamicRNN: input_seq: expected shape (seq_len, batch, 4), ...
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
from torch import nn

from dyndocs.shapes import ShapeError, check_shape

# --8<-- [end:imports]


# --8<-- [start:dynamic_rnn]
class DynamicRNN(nn.Module):
    """A stack of ``nn.RNNCell`` layers, run one time step at a time.

    It computes what ``nn.RNN(input_size, hidden_size, num_layers)`` computes, with the
    same ``(seq_len, batch, features)`` layout, but the loops are plain Python: the
    sequence length can change from call to call.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
        >>> outputs, h_n = rnn(torch.randn(3, 2, 4))
        >>> outputs.shape, h_n.shape
        (torch.Size([3, 2, 6]), torch.Size([2, 2, 6]))
    """

    def __init__(self, input_size: int, hidden_size: int, num_layers: int) -> None:
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.layers = nn.ModuleList()
        for _ in range(num_layers):
            self.layers.append(nn.RNNCell(input_size, hidden_size))
            input_size = hidden_size  # the output of one layer is the input of the next

    def forward(
        self, input_seq: torch.Tensor, h_init: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Run the stack over ``input_seq``.

        Args:
            input_seq: ``(seq_len, batch, input_size)``, at least one time step.
            h_init: ``(num_layers, batch, hidden_size)``, one initial state per layer;
                zeros if omitted.

        Returns:
            The top layer's output at every step, ``(seq_len, batch, hidden_size)``, and the
            final hidden state of every layer, ``(num_layers, batch, hidden_size)``.
        """
        check_shape(input_seq, ("seq_len", "batch", self.input_size), name="DynamicRNN: input_seq")
        seq_len, batch, _ = input_seq.shape
        if seq_len == 0:
            raise ShapeError("DynamicRNN: input_seq: expected at least one time step, received 0")
        num_layers = len(self.layers)
        if h_init is None:
            h_init = input_seq.new_zeros(num_layers, batch, self.hidden_size)
        check_shape(h_init, (num_layers, batch, self.hidden_size), name="DynamicRNN: h_init")

        hidden = list(h_init.unbind(0))  # one hidden state per layer
        outputs = []
        for x_t in input_seq:  # loop over time: one step is (batch, features)
            for i, cell in enumerate(self.layers):  # loop over layers
                hidden[i] = cell(x_t, hidden[i])
                x_t = hidden[i]  # this layer's new state feeds the next layer
            outputs.append(x_t)
        return torch.stack(outputs), torch.stack(hidden)
        # --8<-- [end:dynamic_rnn]

    def load_weights_from(self, reference: nn.RNN) -> DynamicRNN:
        """Copy layer ``k`` of ``reference`` into cell ``k``; return ``self``.

        Examples:
            >>> _ = torch.manual_seed(0)
            >>> reference = nn.RNN(input_size=4, hidden_size=6, num_layers=2)
            >>> rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
            >>> x = torch.randn(3, 2, 4)
            >>> torch.allclose(rnn.load_weights_from(reference)(x)[0], reference(x)[0], atol=1e-6)
            True
            >>> DynamicRNN(input_size=4, hidden_size=6, num_layers=1).load_weights_from(reference)
            Traceback (most recent call last):
            ...
            ValueError: DynamicRNN.load_weights_from: expected nn.RNN(4, 6, num_layers=1), ...
        """
        # DynamicRNN has no dropout between layers: with it, nn.RNN differs in training mode. And
        # it takes (seq_len, batch, features): nn.RNN(batch_first=True) reads its input otherwise.
        wanted = (
            self.input_size,
            self.hidden_size,
            len(self.layers),
            "tanh",
            True,
            False,
            0.0,
            False,
        )
        given = (
            reference.input_size,
            reference.hidden_size,
            reference.num_layers,
            reference.nonlinearity,
            reference.bias,
            reference.bidirectional,
            float(reference.dropout),
            reference.batch_first,
        )
        if given != wanted:
            raise ValueError(
                "DynamicRNN.load_weights_from: expected nn.RNN"
                f"({self.input_size}, {self.hidden_size}, num_layers={len(self.layers)}), "
                f"received nn.RNN({given[0]}, {given[1]}, num_layers={given[2]}, "
                f"nonlinearity={given[3]!r}, bias={given[4]}, bidirectional={given[5]}, "
                f"dropout={given[6]}, batch_first={given[7]})"
            )
        with torch.no_grad():
            for k, cell in enumerate(self.layers):
                for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
                    getattr(cell, name).copy_(getattr(reference, f"{name}_l{k}"))
        return self
