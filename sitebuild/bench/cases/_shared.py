"""Models and settings that several cases share."""

from __future__ import annotations

from collections.abc import Callable

import torch
from torch import nn

from dyndocs.models.recurrent import DynamicRNN


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


def gflops(flops: int, seconds: float) -> float:
    """Achieved GFLOP/s: ``flops`` done in ``seconds``."""
    return flops / seconds / 1e9
