"""A stacked RNN as a Python loop (``DynamicRNN``) against ``nn.RNN`` with the same weights."""

from __future__ import annotations

from collections.abc import Callable

import torch
from torch import nn

from dyndocs.models.recurrent import DynamicRNN
from sitebuild.bench.cases._shared import agreement_atol, window
from sitebuild.bench.registry import Metric, Row, case
from sitebuild.bench.timing import measure_many


@case(baseline="python_loop", metrics=(Metric("agree", unit="bool", combine="all", show="note"),))
def python_rnn(quick: bool, device: torch.device) -> list[Row]:
    torch.manual_seed(0)
    builtin = nn.RNN(input_size=16, hidden_size=64, num_layers=2).to(device).eval()
    loop = DynamicRNN(input_size=16, hidden_size=64, num_layers=2).to(device).eval()
    loop.load_weights_from(builtin)
    x = torch.randn(20, 8, 16, device=device)
    with torch.no_grad():
        agree = bool(torch.allclose(loop(x)[0], builtin(x)[0], atol=agreement_atol(device)))
    if not agree:
        raise AssertionError("python_rnn: DynamicRNN and nn.RNN with the same weights disagree")

    def run(model: nn.Module) -> Callable[[], object]:
        def call() -> object:
            with torch.no_grad():
                return model(x)

        return call

    timed = measure_many(
        {"python_loop": run(loop), "nn_rnn": run(builtin)}, min_run_time=window(quick)
    )
    return [t.row("rnn_2x64", variant, agree=agree) for variant, t in timed.items()]
