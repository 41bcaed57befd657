"""The models of both source articles, corrected where they were wrong.

Examples:
    >>> import torch
    >>> from dyndocs.models import DynamicModel
    >>> _ = torch.manual_seed(0)
    >>> DynamicModel()(torch.randn(2, 10), condition=0.9).shape
    torch.Size([2, 10])
"""

from dyndocs.models.branching import DynamicModel

__all__ = ["DynamicModel"]
