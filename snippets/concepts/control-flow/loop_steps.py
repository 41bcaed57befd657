"""A for loop whose length the data decides: the graph grows one iteration at a time."""

import torch

from dyndocs.graph import Steps, steps


def stepped() -> Steps:
    """Record the loop, then run backward through it, one step per frame."""
    weight = torch.tensor([0.5, -1.0], requires_grad=True)
    x = torch.tensor([3.0, 1.0])

    def loop_by_data() -> torch.Tensor:
        h = x
        for _ in range(int(x[0])):  # x[0] is 3.0: three iterations, two nodes more each
            h = torch.tanh(weight * h)
        loss = h.sum()
        loss.backward()
        return loss

    return steps(loop_by_data, leaf_names={"weight": weight})


print(stepped())
