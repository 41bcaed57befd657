"""Models for the practical tips: a data-dependent branch, a small CNN and a ModuleList.

Examples:
    >>> import torch
    >>> from dyndocs.models.tips import MeanBranchNet
    >>> MeanBranchNet()(torch.zeros(2, 7))
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: MeanBranchNet: x: expected shape (batch, 4), received (2, 7)
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
import torch.nn.functional as F
from torch import nn

from dyndocs.shapes import check_shape

# --8<-- [end:imports]


# --8<-- [start:mean_branch]
class MeanBranchNet(nn.Module):
    """Sends the input through ``layer_A`` or ``layer_B``, depending on its mean.

    The condition is one number for the whole input, so a batch takes one branch
    for all its samples.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> model = MeanBranchNet()
        >>> x = torch.ones(1, 4)
        >>> torch.equal(model(x), model.layer_A(x)), torch.equal(model(-x), model.layer_B(-x))
        (True, True)
    """

    def __init__(self, in_features: int = 4, out_features: int = 2) -> None:
        super().__init__()
        self.in_features = in_features
        self.layer_A = nn.Linear(in_features, out_features)
        self.layer_B = nn.Linear(in_features, out_features)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # TorchScript cannot compile check_shape, and tracing would warn about it: eager only.
        if not torch.jit.is_scripting() and not torch.jit.is_tracing():
            check_shape(input, ("batch", self.in_features), name="MeanBranchNet: x")
        if torch.mean(input) > 0:  # a Python if on a value computed from the data
            output = self.layer_A(input)
        else:
            output = self.layer_B(input)
        return output
        # --8<-- [end:mean_branch]


# --8<-- [start:small_conv_net]
class SmallConvNet(nn.Module):
    """A tiny image classifier: one strided convolution, global pooling, one linear layer.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> SmallConvNet()(torch.randn(2, 3, 32, 32)).shape
        torch.Size([2, 10])
    """

    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 8, kernel_size=3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TorchScript cannot compile check_shape, and tracing would warn about it: eager only.
        if not torch.jit.is_scripting() and not torch.jit.is_tracing():
            check_shape(x, ("batch", 3, "height", "width"), name="SmallConvNet: x")
        x = F.relu(self.conv(x))
        return self.fc(self.pool(x).flatten(1))
        # --8<-- [end:small_conv_net]


# --8<-- [start:adaptive_depth]
class AdaptiveDepthNet(nn.Module):
    """Runs the first ``depth`` layers of an ``nn.ModuleList``; ``depth`` is chosen per call.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> model = AdaptiveDepthNet(width=4, max_depth=3)
        >>> model(torch.randn(2, 4), depth=2).shape
        torch.Size([2, 4])
        >>> model(torch.randn(2, 4), depth=5)
        Traceback (most recent call last):
        ...
        ValueError: AdaptiveDepthNet: depth must be between 1 and 3, received 5
    """

    def __init__(self, width: int = 8, max_depth: int = 4) -> None:
        super().__init__()
        self.width = width
        # Registered like attributes: .parameters(), .to(device) and state_dict() see every layer.
        self.layers = nn.ModuleList(nn.Linear(width, width) for _ in range(max_depth))

    def forward(self, x: torch.Tensor, depth: int) -> torch.Tensor:
        check_shape(x, ("batch", self.width), name="AdaptiveDepthNet: x")
        if not 1 <= depth <= len(self.layers):
            raise ValueError(
                "AdaptiveDepthNet: depth must be between 1 and "
                f"{len(self.layers)}, received {depth}"
            )
        for layer in self.layers[:depth]:  # how many layers run is decided at run time
            x = F.relu(layer(x))
        return x
        # --8<-- [end:adaptive_depth]
