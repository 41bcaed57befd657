"""An LSTM takes sequences of any length, one by one or packed into a batch."""

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_sequence

torch.manual_seed(0)
lstm = nn.LSTM(input_size=4, hidden_size=6)
sentences = [torch.randn(length, 4) for length in (3, 5, 7)]  # e.g. 3, 5 and 7 words

for sentence in sentences:
    output, (h_n, c_n) = lstm(sentence)  # unbatched input: (seq_len, features)
    print(f"length {len(sentence)}: output {tuple(output.shape)}, final state {tuple(h_n.shape)}")

# Several at once: pad to the longest, then pack so that the LSTM skips the padding.
padded = pad_sequence(sentences)  # (7, 3, 4): (longest, batch, features)
packed = pack_padded_sequence(padded, lengths=[3, 5, 7], enforce_sorted=False)
_, (h_batch, _) = lstm(packed)
one_by_one = torch.cat([lstm(sentence)[1][0] for sentence in sentences])
print("packed batch == one by one:", torch.allclose(h_batch[0], one_by_one, atol=1e-6))
