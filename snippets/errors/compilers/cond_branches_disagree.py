"""torch.cond whose branches return different dtypes: it refuses to merge them."""

import torch

from dyndocs.errors import raises


def smooth_or_round(x: torch.Tensor) -> torch.Tensor:
    return torch.cond(
        x.sum() > 0,
        lambda t: t * 0.5,  # float32
        lambda t: t.round().long(),  # int64
        (x,),
    )


with raises(RuntimeError, r"expected same dtype"):
    smooth_or_round(torch.tensor([0.2, -1.6]))
