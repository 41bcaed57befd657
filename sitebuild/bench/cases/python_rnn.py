"""A stacked RNN as a Python loop (``DynamicRNN``) against ``nn.RNN``, with the same weights,
across sequence lengths; each row also counts the nodes autograd records for one forward pass,
which grow by ``nodes_per_step`` per time step."""

from __future__ import annotations

import torch
from torch import nn

from dyndocs.graph import graph_of
from dyndocs.models.recurrent import DynamicRNN
from sitebuild.bench.cases._shared import agreement_atol, ceiling, flops_of, under, window
from sitebuild.bench.registry import ARITHMETIC, LineChart, Metric, Row, case
from sitebuild.bench.timing import measure_many

LENGTHS = (5, 10, 20, 40, 80)


def recorded_nodes(model: nn.Module, x: torch.Tensor) -> int:
    """How many operation nodes autograd records for one forward pass over ``x``."""
    with torch.enable_grad():
        outputs, final = model(x)
    return sum(1 for node in graph_of((outputs, final), model).nodes if node.kind == "op")


@case(
    baseline="python_loop",
    metrics=(
        Metric("steps", unit="count", show="hidden"),
        Metric("graph_nodes", unit="count"),
        Metric("nodes_per_step", unit="count", show="hidden"),
        Metric("agree", unit="bool", combine="all", show="note"),
        *ARITHMETIC,
    ),
    charts=(LineChart("rnn_time", x="steps"), LineChart("rnn_nodes", x="steps", y="graph_nodes")),
)
def python_rnn(quick: bool, device: torch.device) -> list[Row]:
    torch.manual_seed(0)
    builtin = nn.RNN(input_size=16, hidden_size=64, num_layers=2).to(device).eval()
    loop = DynamicRNN(input_size=16, hidden_size=64, num_layers=2).to(device).eval()
    loop.load_weights_from(builtin)
    models = {"python_loop": loop, "nn_rnn": builtin}
    rows = []
    top = ceiling(device)
    first_nodes: dict[str, int] = {}
    for steps in LENGTHS:
        x = torch.randn(steps, 8, 16, device=device)
        with torch.no_grad():
            agree = torch.allclose(loop(x)[0], builtin(x)[0], atol=agreement_atol(device))
        if not agree:  # the table's note says they agree
            raise AssertionError(
                f"python_rnn: DynamicRNN and nn.RNN with the same weights disagree at T={steps}"
            )

        calls = {name: under(model, x) for name, model in models.items()}
        flops = flops_of(calls["nn_rnn"])
        timed = measure_many(
            calls, min_run_time=window(quick, sweep=True), baseline="python_loop", ceiling=top.call
        )
        for name, timing in timed.items():
            nodes = recorded_nodes(models[name], x)
            first = first_nodes.setdefault(name, nodes)
            metrics: dict[str, float] = {"steps": steps, "graph_nodes": nodes, "agree": True}
            if steps > LENGTHS[0]:
                metrics["nodes_per_step"] = (nodes - first) / (steps - LENGTHS[0])
            rows.append(timing.row(f"T={steps}", name, **metrics, **top.rate(flops, timing)))
    return rows
