"""unbind returns several views at once; changing one in place is refused."""

import torch

from dyndocs.errors import raises

x = torch.ones(2, 3, requires_grad=True)
rows = (x * 1).unbind(0)  # two views of one tensor, made by one call
with raises(RuntimeError, r"is a view and is being modified inplace"):
    rows[0].mul_(2)
print(len(rows), "rows, each", tuple(rows[0].shape))
