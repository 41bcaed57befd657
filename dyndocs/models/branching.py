"""Models whose ``forward`` takes a Python branch: the graph differs from call to call.

Examples:
    >>> import torch
    >>> from dyndocs.models.branching import DynamicModel
    >>> model = DynamicModel()
    >>> model(torch.zeros(3, 7), condition=0.9)
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: DynamicModel: x: expected shape (batch, 10), received (3, 7)
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
import torch.nn.functional as F
from torch import nn

from dyndocs.shapes import check_shape

# --8<-- [end:imports]


# --8<-- [start:dynamic_model]
class DynamicModel(nn.Module):
    """Picks ReLU or sigmoid after the second layer, depending on ``condition``.

    Both branches keep width 30, so the output is ``(batch, 10)`` either way;
    only the recorded graph differs.

    Examples:
        >>> import torch
        >>> _ = torch.manual_seed(0)
        >>> model = DynamicModel()
        >>> x = torch.randn(1, 10)
        >>> model(x, condition=0.9).grad_fn.name()
        'AddmmBackward0'
        >>> torch.equal(model(x, condition=0.9), model(x, condition=0.1))
        False
    """

    def __init__(self) -> None:
        super().__init__()
        self.linear1 = nn.Linear(10, 20)
        self.linear2 = nn.Linear(20, 30)
        self.linear3 = nn.Linear(30, 10)

    def forward(self, x: torch.Tensor, condition: float | torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 10), name="DynamicModel: x")
        x = F.relu(self.linear1(x))
        if condition > 0.5:  # an ordinary Python if, decided while the graph is recorded
            x = F.relu(self.linear2(x))
        else:
            x = torch.sigmoid(self.linear2(x))  # swap in sigmoid
        return self.linear3(x)
        # --8<-- [end:dynamic_model]


# ConditionalModel (lecture section 3.2), corrected: both branches end at width 10.


# --8<-- [start:conditional_model]
class ConditionalModel(nn.Module):
    """Sends ``x`` through ``linear2`` or ``linear3``, depending on ``condition``.

    In the lecture ``linear2`` mapped 20 -> 30 and ``linear3`` 20 -> 10, so the
    output shape depended on the branch. Here both map 20 -> 10.

    ``condition`` must hold a single value: it chooses one branch for the whole batch.

    Examples:
        >>> import torch
        >>> _ = torch.manual_seed(0)
        >>> model = ConditionalModel()
        >>> x = torch.randn(4, 10)
        >>> model(x, condition=0.9).shape == model(x, condition=0.1).shape
        True
    """

    def __init__(self) -> None:
        super().__init__()
        self.linear1 = nn.Linear(10, 20)
        self.linear2 = nn.Linear(20, 10)  # the lecture had nn.Linear(20, 30)
        self.linear3 = nn.Linear(20, 10)

    def forward(self, x: torch.Tensor, condition: float | torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 10), name="ConditionalModel: x")
        x = F.relu(self.linear1(x))
        if condition > 0.5:  # one Python decision for the whole batch
            x = F.relu(self.linear2(x))
        else:
            x = F.relu(self.linear3(x))
        return x
        # --8<-- [end:conditional_model]
