"""Both branches return the input's dtype and shape: one graph, compiled with fullgraph=True."""

import torch


def smooth_or_round(x: torch.Tensor) -> torch.Tensor:
    return torch.cond(
        x.sum() > 0,
        lambda t: t * 0.5,
        lambda t: t.round(),  # rounded, still float32: the caller converts if it must
        (x,),
    )


compiled = torch.compile(smooth_or_round, fullgraph=True, backend="eager")
for x in (torch.tensor([0.2, 1.6]), torch.tensor([0.2, -1.6])):
    print(x, "->", compiled(x))
