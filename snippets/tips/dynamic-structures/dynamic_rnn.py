"""DynamicRNN runs on sequences of different lengths with the same weights."""

import torch

from dyndocs.models.recurrent import DynamicRNN

torch.manual_seed(0)
rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)

for seq_len in (3, 7):
    input_seq = torch.randn(seq_len, 2, 4)  # (seq_len, batch, input_size)
    outputs, h_n = rnn(input_seq)
    print(f"seq_len={seq_len}: outputs {tuple(outputs.shape)}, h_n {tuple(h_n.shape)}")

try:
    rnn(torch.randn(2, 4))  # a time step without its batch dimension
except ValueError as error:
    print(type(error).__name__ + ":", error)
