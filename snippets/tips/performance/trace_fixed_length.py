"""Tracing unrolls a Python loop over time: the traced RNN only accepts the length it saw."""

import warnings

import torch

from dyndocs.models.recurrent import DynamicRNN

torch.manual_seed(0)
rnn = DynamicRNN(input_size=16, hidden_size=64, num_layers=2).eval()

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the TorchScript deprecation warning, shown elsewhere
    traced = torch.jit.trace(rnn, torch.randn(20, 8, 16))  # 20 steps, unrolled

print("20 steps:", tuple(traced(torch.randn(20, 8, 16))[1].shape))
for steps in (30, 10):
    try:
        traced(torch.randn(steps, 8, 16))
    except RuntimeError as error:
        print(f"{steps} steps:", str(error).strip().splitlines()[-1])
print("eager, 30 steps:", tuple(rnn(torch.randn(30, 8, 16))[1].shape))
