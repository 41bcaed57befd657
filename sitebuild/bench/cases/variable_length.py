"""Pad vs pack vs bucket vs loop for a batch of sequences of different lengths; every strategy
must give each sequence the final hidden state it gets alone."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_sequence

from sitebuild.bench.cases._shared import agreement_atol, ceiling, flops_of, under, window
from sitebuild.bench.registry import ARITHMETIC, Metric, Row, case
from sitebuild.bench.timing import measure_many


@case(
    baseline="loop",
    metrics=(
        Metric("agree", unit="bool", combine="all", show="note"),
        Metric("padding_share", unit="share", show="note"),
        *ARITHMETIC,
    ),
)
def variable_length(quick: bool, device: torch.device) -> list[Row]:
    torch.manual_seed(0)
    rnn = nn.GRU(input_size=32, hidden_size=64).to(device)
    count = 32  # enough sequences for the Python loop's call to be timed, few enough to repeat
    lengths = torch.randint(5, 60, (count,))
    sequences = [torch.randn(int(n), 32, device=device) for n in lengths]

    def loop() -> torch.Tensor:
        return torch.cat([rnn(s.unsqueeze(1))[1][-1] for s in sequences])

    def pad() -> torch.Tensor:
        out, _ = rnn(pad_sequence(sequences))  # (max_len, batch, hidden)
        return out[lengths - 1, torch.arange(count)]  # last real step, not out[-1]

    def pack() -> torch.Tensor:
        packed = pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=False)
        return rnn(packed)[1][-1]

    order = torch.argsort(lengths)

    def bucket() -> torch.Tensor:
        result = torch.empty(count, 64, device=device)
        for chunk in order.split(16):  # similar lengths together: little padding
            group = [sequences[int(i)] for i in chunk]
            out, _ = rnn(pad_sequence(group))
            result[chunk] = out[lengths[chunk] - 1, torch.arange(len(chunk))]
        return result

    strategies = {"loop": loop, "pad": pad, "pack": pack, "bucket": bucket}
    with torch.no_grad():
        reference = loop()
        atol = agreement_atol(device)
        agree = {k: bool(torch.allclose(f(), reference, atol=atol)) for k, f in strategies.items()}
    if not all(agree.values()):
        raise AssertionError(f"variable_length: strategies disagree with the loop: {agree}")
    padding_share = 1 - int(lengths.sum()) / (count * int(lengths.max()))
    rows = []
    top = ceiling(device)

    def train(fn: Callable[[], torch.Tensor]) -> None:
        rnn.zero_grad(set_to_none=True)
        fn().sum().backward()

    for mode in ("inference", "training"):
        calls: dict[str, Callable[[], object]] = {
            variant: under(fn) if mode == "inference" else partial(train, fn)
            for variant, fn in strategies.items()
        }
        timed = measure_many(calls, min_run_time=window(quick), baseline="loop", ceiling=top.call)
        for variant, timing in timed.items():
            # Each strategy's own count: padding's multiplications on padding count as work done.
            rate = top.rate(flops_of(calls[variant]), timing)
            rows.append(
                timing.row(mode, variant, agree=agree[variant], padding_share=padding_share, **rate)
            )
    return rows
