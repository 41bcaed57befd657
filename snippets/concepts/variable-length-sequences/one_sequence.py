"""A batch of one sequence of random length: the RNN runs as many steps as it has."""

import torch

from dyndocs.models.sequences import RNN

torch.manual_seed(0)

# Create an RNN model
input_size = 1000  # vocabulary size
hidden_size = 128
output_size = 10
model = RNN(input_size, hidden_size, output_size)

# Prepare a sequence of random length
seq_len = torch.randint(10, 20, (1,)).item()  # random sequence length
input_seq = torch.randint(0, input_size, (seq_len, 1))  # (seq_len, batch_size)

# Forward pass
output, hidden = model(input_seq)
print("seq_len:", seq_len)
print("output shape:", output.shape)  # torch.Size([1, 10])
