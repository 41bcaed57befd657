"""Models, counters and settings that several cases share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
from torch import nn

from dyndocs.models.recurrent import DynamicRNN
from sitebuild.bench.timing import Timing

CEILING_SIDES = {"cpu": 512, "cuda": 4096}
"""The side of the peak's square matrices: at one CPU thread a larger product runs no faster, and
512 is short enough for a turn in every round; on a GPU, smaller products leave most of it idle."""


def window(quick: bool, sweep: bool = False) -> float:
    """Total timing per variant, split over the rounds; less for each point of a ``sweep``, which
    has many: a chart needs its shape, not 1%."""
    return (0.02 if quick else 0.2) if sweep else (0.05 if quick else 0.6)


def agreement_atol(device: torch.device) -> float:
    """On a GPU, cuDNN may run float32 RNNs in TF32 (about 1e-3); a real mistake, such as
    reading padding instead of the last step, is off by tenths."""
    return 1e-5 if device.type == "cpu" else 1e-2


def under(fn: Callable[..., Any], *args: Any, mode: Any = torch.no_grad) -> Callable[[], object]:
    """A call of ``fn(*args)`` under ``mode()``, to time."""

    def call() -> object:
        with mode():
            return fn(*args)

    return call


def mlp(width: int, depth: int = 2, features: int = 16, classes: int = 4) -> nn.Module:
    """An MLP with ``depth`` hidden layers of ``width`` units."""
    layers: list[nn.Module] = []
    for size in [features] + [width] * (depth - 1):
        layers += [nn.Linear(size, width), nn.ReLU()]
    return nn.Sequential(*layers, nn.Linear(width, classes))


class RNNCellStack(nn.Module):
    """:class:`~dyndocs.models.recurrent.DynamicRNN` returning only its final states."""

    def __init__(self) -> None:
        super().__init__()
        self.rnn = DynamicRNN(input_size=16, hidden_size=64, num_layers=2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.rnn(x)[1]


def models(device: torch.device) -> dict[str, tuple[nn.Module, torch.Tensor]]:
    """The models most cases compare, each with an input, in eval mode on ``device``."""
    torch.manual_seed(0)
    found = {
        "tiny_mlp": (mlp(32), torch.randn(8, 16)),
        "wide_mlp": (mlp(1024, features=1024), torch.randn(64, 1024)),
        "rnn_cell_stack": (RNNCellStack(), torch.randn(20, 8, 16)),
    }
    return {k: (m.to(device).eval(), x.to(device)) for k, (m, x) in found.items()}


def flops_of(fn: Callable[[], object]) -> int:
    """Floating-point operations of one call, by ``FlopCounterMode``: matrix products and
    convolutions only, so a case of elementwise operations has no FLOP figure."""
    from torch.utils.flop_counter import FlopCounterMode

    with FlopCounterMode(display=False) as counter:
        fn()
    return int(counter.get_total_flops())


def ops_of(fn: Callable[[], object]) -> int:
    """ATen operations one call sends through the dispatcher, counted below autograd by a
    ``TorchDispatchMode``: from eager Python, a TorchScript graph or C++ alike, but not from
    ``torch.compile``d calls, whose fused kernels bypass it."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Counted(TorchDispatchMode):
        ops = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
            self.ops += 1
            return func(*args, **(kwargs or {}))

    with Counted() as counted:
        fn()
    return counted.ops


@dataclass(frozen=True)
class Ceiling:
    """The machine's peak: a square ``torch.mm`` at one thread. The ``peak`` case times it alone;
    a case that does arithmetic times it beside its variants (``measure_many(...,
    ceiling=top.call)``), so each share is of the machine as fast as it was then."""

    call: Callable[[], object]
    side: int
    flops: int

    def rate(self, flops: int, timing: Timing) -> dict[str, float]:
        """``gflops`` and ``peak_share`` of ``timing``, of a call doing ``flops``."""
        if timing.ceiling_ratio is None:
            raise ValueError("a share of the peak needs measure_many(..., ceiling=Ceiling.call)")
        share = flops / self.flops * timing.ceiling_ratio
        return {"gflops": flops / timing.median_s / 1e9, "peak_share": share}


def ceiling(device: torch.device) -> Ceiling:
    """The peak's product on ``device``, its matrices from a generator of their own, so that a
    case's random inputs do not change. A quick run keeps the size: a smaller product, one call a
    round, runs well below its rate in longer blocks."""
    side = CEILING_SIDES[device.type]
    generator = torch.Generator().manual_seed(0)
    a, b = (torch.randn(side, side, generator=generator).to(device) for _ in range(2))
    return Ceiling(lambda: torch.mm(a, b), side, flops_of(lambda: torch.mm(a, b)))
