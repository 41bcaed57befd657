"""Two backward() calls add into the same .grad; zero_grad() clears it."""

import torch

from dyndocs.graph import Steps, steps


def stepped() -> Steps:
    """Two forward and backward passes through one layer, then zero_grad()."""
    torch.manual_seed(0)
    model = torch.nn.Linear(2, 1)
    x = torch.randn(4, 2)

    def two_backward_calls() -> tuple[torch.Tensor, torch.Tensor]:
        first = model(x).pow(2).mean()
        first.backward()  # writes weight.grad and bias.grad
        second = model(x).pow(2).mean()
        second.backward()  # adds to them: the leaves are the same
        model.zero_grad()  # sets them to None
        return first, second

    return steps(two_backward_calls, model)


print(stepped())
