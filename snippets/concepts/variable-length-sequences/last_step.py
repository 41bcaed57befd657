"""On a padded batch, output[-1] is the last PADDED step; read each sequence at its own end."""

import torch

from dyndocs.models.sequences import RNN, pad_batch

torch.manual_seed(0)
model = RNN(input_size=1000, hidden_size=128, output_size=10)
sequences = [torch.randint(0, 1000, (n,)) for n in (12, 7, 15)]
padded, lengths = pad_batch(sequences)

correct, _ = model(padded, lengths)  # packed: last real step of each sequence

with torch.no_grad():
    steps, _ = model.rnn(model.embedding(padded))  # no packing: runs over the padding too

# Wrong: the last row is padding for every sequence shorter than max_len
wrong = model.linear(steps[-1])
right = [torch.allclose(w, c, atol=1e-6) for w, c in zip(wrong, correct)]
print("output[-1] right per sequence:", right)
print("max abs difference:", round((wrong - correct).abs().max().item(), 2))

# Right: index each sequence at its own last step, lengths - 1
last = steps[lengths - 1, torch.arange(len(sequences))]
print("indexed by lengths right:", torch.allclose(model.linear(last), correct, atol=1e-6))
