"""With the weights of an nn.RNN, DynamicRNN computes exactly what nn.RNN computes."""

import torch
from torch import nn

from dyndocs.models.recurrent import DynamicRNN

torch.manual_seed(0)
reference = nn.RNN(input_size=4, hidden_size=6, num_layers=2)
rnn = DynamicRNN(input_size=4, hidden_size=6, num_layers=2)
rnn.load_weights_from(reference)  # layer k of nn.RNN into cell k

input_seq = torch.randn(5, 3, 4)
h_0 = torch.randn(2, 3, 6)
outputs, h_n = rnn(input_seq, h_0)
expected_outputs, expected_h_n = reference(input_seq, h_0)
print("outputs match nn.RNN:", torch.allclose(outputs, expected_outputs, atol=1e-6))
print("h_n matches nn.RNN:  ", torch.allclose(h_n, expected_h_n, atol=1e-6))
