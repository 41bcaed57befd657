"""Models for ``torch.compile``: the lecture's ``MyModule`` and a ``torch.cond`` rewrite.

Examples:
    >>> import torch
    >>> from dyndocs.models.compiled import MyModule
    >>> MyModule()(torch.zeros(1, 5))
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: MyModule: x: expected shape (batch, 10), received (1, 5)
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
import torch.nn.functional as F
from torch import nn

from dyndocs.models.branching import ConditionalModel
from dyndocs.shapes import check_shape

# --8<-- [end:imports]


# --8<-- [start:my_module]
class MyModule(nn.Module):
    """A single linear layer, 10 -> 20: the lecture's ``torch.compile`` example.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> MyModule()(torch.randn(3, 10)).shape
        torch.Size([3, 20])
    """

    def __init__(self) -> None:
        super().__init__()
        self.linear = nn.Linear(10, 20)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 10), name="MyModule: x")
        return self.linear(x)
        # --8<-- [end:my_module]


# --8<-- [start:cond_model]
class CondModel(ConditionalModel):
    """`ConditionalModel` with its ``if`` written as `torch.cond`.

    Both branches become part of one graph, so ``torch.compile(..., fullgraph=True)``
    and ``torch.export`` accept it. ``torch.cond`` asks both branches to return the
    same shape and dtype, which the corrected ``ConditionalModel`` already does.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> model = CondModel()
        >>> x = torch.randn(2, 10)
        >>> eager = ConditionalModel()
        >>> _ = eager.load_state_dict(model.state_dict())
        >>> all(
        ...     torch.allclose(model(x, torch.tensor(c)), eager(x, torch.tensor(c)))
        ...     for c in (0.9, 0.1)
        ... )
        True
    """

    def forward(self, x: torch.Tensor, condition: float | torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 10), name="CondModel: x")
        x = F.relu(self.linear1(x))
        return torch.cond(
            torch.as_tensor(condition).reshape(()) > 0.5,
            lambda h: F.relu(self.linear2(h)),  # taken when condition > 0.5
            lambda h: F.relu(self.linear3(h)),
            (x,),
        )
        # --8<-- [end:cond_model]
