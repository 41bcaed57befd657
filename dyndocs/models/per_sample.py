"""Models that choose a branch per sample, with ``torch.where``, instead of per call.

Examples:
    >>> import torch
    >>> from dyndocs.models.per_sample import PerSampleConditionalModel
    >>> PerSampleConditionalModel()(torch.zeros(2, 3), torch.tensor([0.9, 0.1]))
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: PerSampleConditionalModel: x: expected shape (batch, 10), ...
"""

from __future__ import annotations

# --8<-- [start:imports]
import torch
import torch.nn.functional as F

from dyndocs.models.branching import ConditionalModel
from dyndocs.shapes import check_shape

# --8<-- [end:imports]


# --8<-- [start:per_sample_model]
class PerSampleConditionalModel(ConditionalModel):
    """Same layers as `ConditionalModel`, but each sample picks its own branch.

    ``condition`` has one value per sample. Both branches are computed for the
    whole batch and `torch.where` keeps, row by row, the one that applies.

    Examples:
        >>> import torch
        >>> _ = torch.manual_seed(0)
        >>> model = PerSampleConditionalModel()
        >>> model(torch.randn(3, 10), torch.tensor([0.9, 0.1, 0.7])).shape
        torch.Size([3, 10])
    """

    def forward(self, x: torch.Tensor, condition: float | torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 10), name="PerSampleConditionalModel: x")
        condition = torch.as_tensor(condition).reshape(-1, 1)  # (batch, 1), broadcasts over 10
        x = F.relu(self.linear1(x))
        return torch.where(condition > 0.5, F.relu(self.linear2(x)), F.relu(self.linear3(x)))
        # --8<-- [end:per_sample_model]
