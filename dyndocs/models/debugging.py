"""A model with a breakpoint in its forward pass, for stepping through with pdb.

``breakpoint()`` calls the hook named by the ``PYTHONBREAKPOINT`` environment
variable: ``pdb.set_trace`` when it is unset, nothing at all when it is ``0``.
The test suite and the site build set ``PYTHONBREAKPOINT=0``, so the examples
below run straight through.

Examples:
    >>> import torch
    >>> from dyndocs.models.debugging import DebugModel
    >>> DebugModel()(torch.zeros(2, 3))
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: DebugModel: x: expected shape (batch, 10), received (2, 3)
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
import torch.nn.functional as F
from torch import nn

from dyndocs.shapes import check_shape

# --8<-- [end:imports]


# --8<-- [start:debug_model]
class DebugModel(nn.Module):
    """Three linear layers with a breakpoint at the start of ``forward``.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> DebugModel()(torch.randn(1, 10)).shape  # PYTHONBREAKPOINT=0: no stop
        torch.Size([1, 10])
    """

    def __init__(self) -> None:
        super().__init__()
        self.linear1 = nn.Linear(10, 20)
        self.linear2 = nn.Linear(20, 30)
        self.linear3 = nn.Linear(30, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 10), name="DebugModel: x")
        breakpoint()  # set a breakpoint; PYTHONBREAKPOINT=0 turns it off
        x = F.relu(self.linear1(x))
        x = F.relu(self.linear2(x))
        x = self.linear3(x)
        return x
        # --8<-- [end:debug_model]
