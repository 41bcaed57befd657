"""Where the loop over time runs: in Python for DynamicRNN, inside one call for nn.RNN."""

import torch
from torch import nn

from dyndocs import recorded_ops
from dyndocs.graph import Graph, graph_of
from dyndocs.models.recurrent import DynamicRNN

torch.manual_seed(0)
python_loop = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
builtin = nn.RNN(input_size=4, hidden_size=6, num_layers=2)

cell_calls: list[nn.Module] = []
for cell in python_loop.layers:
    cell.register_forward_hook(lambda module, args, output: cell_calls.append(module))

for seq_len in (3, 7):
    x = torch.randn(seq_len, 1, 4)
    cell_calls.clear()
    loop_nodes = len(recorded_ops(python_loop(x)[0]))
    rnn_nodes = len(recorded_ops(builtin(x)[0]))
    print(f"seq_len={seq_len}: DynamicRNN: {len(cell_calls)} Python calls of a cell, "
          f"{loop_nodes} graph nodes; nn.RNN: 1 Python call, {rnn_nodes} graph nodes")


def graphs() -> list[Graph]:
    """One layer of nn.RNN on 3 and on 7 steps: the same weights, a graph that grows."""
    one_layer = nn.RNN(input_size=4, hidden_size=6)
    return [
        graph_of(one_layer(torch.randn(n, 1, 4))[0], one_layer, title=f"seq_len={n}")
        for n in (3, 7)
    ]
