"""The benchmark cases. Each runs in a fresh process (:mod:`dyndocs.bench.worker`).

A case returns rows: one per (row, variant), with a timing and any extra metric
such as bytes saved for backward or compile time. ``quick=True`` runs the same
code on fewer sizes with shorter timing windows, for the test suite.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_sequence

from dyndocs.bench.timing import measure_many
from dyndocs.inspect import saved_bytes
from dyndocs.models.compiled import MyModule
from dyndocs.models.recurrent import DynamicRNN
from dyndocs.models.tips import MeanBranchNet

Row = dict[str, Any]


def _window(quick: bool) -> float:
    """Total timing per variant, split over the interleaved rounds."""
    return 0.05 if quick else 1.0


def agreement_atol(device: torch.device) -> float:
    """How close two strategies' results must be to count as the same.

    On an Ampere or newer GPU, cuDNN may run float32 RNNs in TF32 (PyTorch allows it by default),
    which rounds at about 1e-3; a real mistake such as reading padding instead of the last step is
    off by tenths.
    """
    return 1e-5 if device.type == "cpu" else 1e-2


def mlp(width: int, depth: int = 2, features: int = 16, classes: int = 4) -> nn.Module:
    """An MLP with ``depth`` hidden layers of ``width`` units."""
    layers: list[nn.Module] = []
    size = features
    for _ in range(depth):
        layers += [nn.Linear(size, width), nn.ReLU()]
        size = width
    layers.append(nn.Linear(size, classes))
    return nn.Sequential(*layers)


class RNNCellStack(nn.Module):
    """:class:`~dyndocs.models.recurrent.DynamicRNN` returning only its final states."""

    def __init__(self) -> None:
        super().__init__()
        self.rnn = DynamicRNN(input_size=16, hidden_size=64, num_layers=2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.rnn(x)[1]


def models(quick: bool, device: torch.device) -> dict[str, tuple[nn.Module, torch.Tensor]]:
    """The models most cases compare, each with an input."""
    torch.manual_seed(0)
    found = {
        "tiny_mlp": (mlp(32), torch.randn(8, 16)),
        "wide_mlp": (mlp(1024, features=1024), torch.randn(64, 1024)),
        "rnn_cell_stack": (RNNCellStack(), torch.randn(20, 8, 16)),
    }
    return {k: (m.to(device).eval(), x.to(device)) for k, (m, x) in found.items()}


def graph_overhead(quick: bool, device: torch.device) -> list[Row]:
    """One multiplication, with and without autograd recording it, across tensor sizes."""
    rows = []
    sizes = [1, 1_000_000] if quick else [1, 1_000, 100_000, 1_000_000]
    for size in sizes:
        a = torch.randn(size, device=device)
        b = torch.randn(size, device=device)
        a_tracked = a.clone().requires_grad_(True)
        timed = measure_many(
            {"untracked": lambda: torch.mul(a, b), "recorded": lambda: torch.mul(a_tracked, b)},
            min_run_time=_window(quick),
        )
        plain, recorded = timed["untracked"], timed["recorded"]
        row = f"n={size:,}"
        rows.append({"row": row, "variant": "untracked", **plain.as_dict()})
        rows.append(
            {
                "row": row,
                "variant": "recorded",
                **recorded.as_dict(),
                "overhead_s": recorded.median_s - plain.median_s,
            }
        )
    return rows


def no_grad(quick: bool, device: torch.device) -> list[Row]:
    """Forward passes with autograd on, under ``no_grad`` and under ``inference_mode``."""
    rows = []
    for name, (model, x) in models(quick, device).items():
        contexts: dict[str, Callable[[], Any]] = {
            "grad": torch.enable_grad,
            "no_grad": torch.no_grad,
            "inference_mode": torch.inference_mode,
        }
        forwards: dict[str, Callable[[], object]] = {}
        for variant, context in contexts.items():

            def forward(context: Callable[[], Any] = context) -> object:
                with context():
                    return model(x)

            forwards[variant] = forward
        timed = measure_many(forwards, min_run_time=_window(quick))
        for variant, timed_forward in forwards.items():
            rows.append(
                {
                    "row": name,
                    "variant": variant,
                    **timed[variant].as_dict(),
                    "saved_bytes": saved_bytes(timed_forward, exclude=model),
                }
            )
    return rows


def _counting_inductor(counter: dict[str, int]) -> Callable[..., Any]:
    from torch._inductor.compile_fx import compile_fx

    def backend(gm: torch.fx.GraphModule, example_inputs: list[torch.Tensor]) -> Any:
        counter["graphs"] += 1
        return compile_fx(gm, example_inputs)

    return backend


def _warm_up_inductor(device: torch.device) -> None:
    """Compile a throwaway function, so the first model's compile time excludes Inductor's start-up.

    The first ``torch.compile`` in a process also imports and initialises Inductor (seconds on a
    CPU); every later compile skips that. Paying it here makes ``setup_s`` comparable across rows.
    """
    torch._dynamo.reset()
    torch.compile(lambda t: torch.relu(t) + 1)(torch.ones(2, device=device))
    torch._dynamo.reset()


def compiled(quick: bool, device: torch.device) -> list[Row]:
    """Eager vs TorchScript trace and script vs ``torch.compile``, with compile time apart."""
    import torch._dynamo

    rows = []
    torch.manual_seed(0)
    cases = {"my_module": (MyModule().to(device).eval(), torch.randn(8, 10, device=device))}
    cases.update(models(quick, device))
    torch.manual_seed(0)
    mean_branch = MeanBranchNet(in_features=10, out_features=10).to(device).eval()
    cases["mean_branch"] = (mean_branch, torch.randn(4, 10, device=device))
    _warm_up_inductor(device)
    for name, (model, x) in cases.items():
        calls: dict[str, Callable[[], object]] = {}
        extras: dict[str, dict[str, Any]] = {}
        with torch.no_grad():  # measured for every row, not assumed
            breaks = torch._dynamo.explain(model)(x).graph_break_count
        for variant in ("eager", "trace", "script", "compile"):
            torch._dynamo.reset()
            counter = {"graphs": 0}
            extra: dict[str, Any] = {}
            start = time.perf_counter()
            try:
                with warnings.catch_warnings():
                    # TorchScript's deprecation and tracer warnings are the subject, not news.
                    warnings.simplefilter("ignore")
                    run: Callable[[torch.Tensor], torch.Tensor]
                    if variant == "eager":
                        run = model
                    elif variant == "trace":
                        run = torch.jit.trace(model, x)
                    elif variant == "script":
                        run = torch.jit.script(model)
                    else:
                        run = torch.compile(model, backend=_counting_inductor(counter))
                    with torch.no_grad():
                        reference = model(x)
                        first = run(x)
            except Exception as error:  # noqa: BLE001 - a model TorchScript cannot handle is a result
                rows.append({"row": name, "variant": variant, "unsupported": type(error).__name__})
                continue
            extra["setup_s"] = time.perf_counter() - start
            extra["matches_eager"] = bool(
                torch.allclose(first, reference, atol=agreement_atol(device))
            )
            if variant == "compile":
                extra["graphs"] = counter["graphs"]
                if name == "mean_branch":
                    before = counter["graphs"]
                    flipped = -x.abs() if x.mean() > 0 else x.abs() + 1  # the other branch
                    with torch.no_grad():
                        run(flipped)
                    extra["flip_graphs"] = counter["graphs"] - before
                extra["graph_breaks"] = breaks

            def call(run: Callable[[torch.Tensor], torch.Tensor] = run) -> object:
                with torch.no_grad():
                    return run(x)

            calls[variant], extras[variant] = call, extra
        timed = measure_many(calls, min_run_time=_window(quick))
        for variant in calls:
            rows.append(
                {"row": name, "variant": variant, **timed[variant].as_dict(), **extras[variant]}
            )
    torch._dynamo.reset()
    return rows


def batching(quick: bool, device: torch.device) -> list[Row]:
    """256 samples in one batch against a Python loop over them."""
    rows = []
    torch.manual_seed(0)
    setups = {"tiny_mlp": (mlp(32), 16), "wide_mlp": (mlp(1024, features=1024), 1024)}
    for name, (model, features) in setups.items():
        model = model.to(device).eval()
        x = torch.randn(256, features, device=device)
        with torch.no_grad():
            batched = model(x)
            looped = torch.cat([model(x[i : i + 1]) for i in range(len(x))])
        agree = bool(torch.allclose(batched, looped, atol=agreement_atol(device)))

        def loop() -> object:
            with torch.no_grad():
                return [model(x[i : i + 1]) for i in range(len(x))]

        def batch() -> object:
            with torch.no_grad():
                return model(x)

        timed = measure_many({"loop": loop, "batch": batch}, min_run_time=_window(quick))
        for variant, timing in timed.items():
            rows.append({"row": name, "variant": variant, **timing.as_dict(), "agree": agree})
    return rows


def variable_length(quick: bool, device: torch.device) -> list[Row]:
    """Pad vs pack vs bucket vs loop for a batch of sequences of different lengths.

    Every strategy must give each sequence the final hidden state it gets alone.
    """
    torch.manual_seed(0)
    rnn = nn.GRU(input_size=32, hidden_size=64).to(device)
    count = 16 if quick else 64
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
        raise AssertionError(f"strategies disagree with the per-sequence loop: {agree}")
    padded_steps = count * int(lengths.max())
    real_steps = int(lengths.sum())
    rows = []
    for mode in ("inference", "training"):
        calls: dict[str, Callable[[], object]] = {}
        for variant, fn in strategies.items():
            if mode == "inference":

                def call(fn: Callable[[], torch.Tensor] = fn) -> object:
                    with torch.no_grad():
                        return fn()
            else:

                def call(fn: Callable[[], torch.Tensor] = fn) -> object:
                    rnn.zero_grad(set_to_none=True)
                    fn().sum().backward()
                    return None

            calls[variant] = call
        timed = measure_many(calls, min_run_time=_window(quick))
        for variant, timing in timed.items():
            rows.append(
                {
                    "row": mode,
                    "variant": variant,
                    **timing.as_dict(),
                    "agree": agree[variant],
                    "padding_share": 1 - real_steps / padded_steps,
                }
            )
    return rows


def python_rnn(quick: bool, device: torch.device) -> list[Row]:
    """A stacked RNN as a Python loop (``DynamicRNN``) against ``nn.RNN`` with the same weights."""
    torch.manual_seed(0)
    builtin = nn.RNN(input_size=16, hidden_size=64, num_layers=2).to(device).eval()
    loop = DynamicRNN(input_size=16, hidden_size=64, num_layers=2).to(device).eval()
    loop.load_weights_from(builtin)
    x = torch.randn(20, 8, 16, device=device)
    with torch.no_grad():
        agree = bool(torch.allclose(loop(x)[0], builtin(x)[0], atol=agreement_atol(device)))
    if not agree:
        raise AssertionError("DynamicRNN and nn.RNN with the same weights disagree")

    def run(model: nn.Module) -> Callable[[], object]:
        def call() -> object:
            with torch.no_grad():
                return model(x)

        return call

    timed = measure_many(
        {"python_loop": run(loop), "nn_rnn": run(builtin)}, min_run_time=_window(quick)
    )
    return [
        {"row": "rnn_2x64", "variant": v, **t.as_dict(), "agree": agree} for v, t in timed.items()
    ]


def zero_grad(quick: bool, device: torch.device) -> list[Row]:
    """A training step with ``zero_grad(set_to_none=True)`` (the default) and ``=False``."""
    torch.manual_seed(0)
    # Width 512 keeps the weights and gradients in cache. At 1024 the step is bound by memory
    # bandwidth, which other tenants of a shared machine change by 30% from one second to the next.
    model = mlp(512, depth=3, features=256).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(32, 256, device=device)
    steps: dict[str, Callable[[], object]] = {}
    for variant, set_to_none in (("set_to_none", True), ("zero_fill", False)):

        def step(set_to_none: bool = set_to_none) -> object:
            optimizer.zero_grad(set_to_none=set_to_none)
            model(x).square().mean().backward()
            optimizer.step()
            return None

        steps[variant] = step
    timed = measure_many(steps, min_run_time=_window(quick))
    return [{"row": "mlp_step", "variant": v, **t.as_dict()} for v, t in timed.items()]


CASES: dict[str, Callable[[bool, torch.device], list[Row]]] = {
    "graph_overhead": graph_overhead,
    "no_grad": no_grad,
    "compile": compiled,
    "batching": batching,
    "variable_length": variable_length,
    "python_rnn": python_rnn,
    "zero_grad": zero_grad,
}
"""Every case, by the name pages use in ``<!-- bench: NAME -->``."""

BASELINES = {
    "graph_overhead": "untracked",
    "no_grad": "grad",
    "compile": "eager",
    "batching": "loop",
    "variable_length": "loop",
    "python_rnn": "python_loop",
    "zero_grad": "set_to_none",
}
"""The variant each case's ratios are taken against."""
