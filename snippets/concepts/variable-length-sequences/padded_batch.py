"""A real batch: pad the sequences to one length, then pack them so the RNN skips the padding."""

import torch

from dyndocs.models.sequences import RNN, pad_batch

torch.manual_seed(0)
model = RNN(input_size=1000, hidden_size=128, output_size=10)

# Three sentences of different lengths (token ids)
sequences = [torch.randint(0, 1000, (n,)) for n in (12, 7, 15)]

padded, lengths = pad_batch(sequences)  # padded: (max_len, batch)
print("padded shape:", padded.shape)
print("lengths:", lengths.tolist())

output, hidden = model(padded, lengths)  # packed inside forward
print("output shape:", output.shape)

# The batched result equals running every sequence on its own, as a batch of one
alone = torch.cat([model(seq.unsqueeze(1))[0] for seq in sequences])
print("same as one at a time:", torch.allclose(output, alone, atol=1e-6))

# What padding costs: time steps that hold no data
print("padding steps:", padded.numel() - lengths.sum().item(), "of", padded.numel())
