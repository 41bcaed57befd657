"""Models and settings that several cases share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import nn

from dyndocs.models.recurrent import DynamicRNN
from sitebuild.bench.timing import Timing

# Timed as one call a round, the product of side 512 ran at the rate of the same product timed in
# longer blocks (a ratio of 1.00, with the wide MLP's blocks beside it too): no share is biased.
CEILING_SIDES = {"cpu": 512, "cuda": 4096}
"""The side of the peak's square matrices. At one CPU thread, products of side 512 and 1024 ran
at the same rate here (67.3 and 66.6 GFLOP/s, paired), and one of side 512 takes 4 ms, short
enough to take a turn in every round. On a GPU, smaller products leave most of it idle."""


def window(quick: bool) -> float:
    """Total timing per variant, split over the interleaved rounds."""
    return 0.05 if quick else 0.6


def sweep_window(quick: bool) -> float:
    """The same for each point of a sweep, which has many: a chart needs its shape, not 1%."""
    return 0.02 if quick else 0.2


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
    """Floating-point operations of one call of ``fn``, counted by ``FlopCounterMode``.

    It counts matrix multiplications and convolutions (elementwise work is left out), so a case
    of elementwise operations has no FLOP figure.
    """
    from torch.utils.flop_counter import FlopCounterMode

    counter = FlopCounterMode(display=False)
    with counter:
        fn()
    return int(counter.get_total_flops())


def ops_of(fn: Callable[[], object]) -> int:
    """ATen operations one call of ``fn`` sends through the dispatcher, counted by a
    ``TorchDispatchMode``.

    The mode sits below autograd, so it counts the operations that run, whoever calls them: eager
    Python, a TorchScript graph or libtorch C++ code. An operation a trace dropped as dead code is
    not counted. Not for ``torch.compile``d calls: their fused kernels do not go through it.
    """
    from torch.utils._python_dispatch import TorchDispatchMode

    class Counted(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.ops = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
            self.ops += 1
            return func(*args, **(kwargs or {}))

    with Counted() as counted:
        fn()
    return counted.ops


def gflops(flops: int, seconds: float) -> float:
    """Achieved GFLOP/s: ``flops`` done in ``seconds``."""
    return flops / seconds / 1e9


@dataclass(frozen=True)
class Ceiling:
    """The machine's peak: a square ``torch.mm`` at one thread, on one device.

    The ``peak`` case times it alone for the provenance; every case that does real arithmetic
    times it beside its variants (``measure_many(..., ceiling=top.call)``), so that each share of
    the peak is measured against the machine as fast as it was then.
    """

    call: Callable[[], object]
    side: int
    flops: int

    def rate(self, flops: int, timing: Timing) -> dict[str, float]:
        """``gflops`` and ``peak_share`` of ``timing``, of a call doing ``flops``.

        Raises:
            ValueError: ``timing`` was not measured beside this ceiling.
        """
        if timing.ceiling_ratio is None:
            raise ValueError("a share of the peak needs measure_many(..., ceiling=Ceiling.call)")
        return {
            "gflops": gflops(flops, timing.median_s),
            "peak_share": flops / self.flops * timing.ceiling_ratio,
        }


def ceiling(device: torch.device) -> Ceiling:
    """The peak's product on ``device``. A quick run keeps its size: a product of side 128, timed
    as one call a round, ran at 54 to 66 % of its rate in longer blocks, and every share grew.

    Its matrices come from a generator of their own, so a case's random inputs are the same
    with it as without it.
    """
    side = CEILING_SIDES[device.type]
    generator = torch.Generator().manual_seed(0)
    a = torch.randn(side, side, generator=generator).to(device)
    b = torch.randn(side, side, generator=generator).to(device)

    def product() -> object:
        return torch.mm(a, b)

    return Ceiling(product, side, flops_of(product))
