"""Record a tiny graph, inspect it, and run backward through it."""

# --8<-- [start:imports]
import torch

from dyndocs import describe, recorded_ops
# --8<-- [end:imports]

# --8<-- [start:record]
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # a leaf: autograd tracks it
y = (x**2).sum()  # recorded as it runs: PowBackward0, then SumBackward0
print(describe(x))
print(describe(y))
print(recorded_ops(y))
# --8<-- [end:record]

# --8<-- [start:draw]
from dyndocs.graph import graph_of

graph_of(y, leaf_names={"x": x})  # in a notebook, the graph draws itself
# --8<-- [end:draw]

# --8<-- [start:backward]
y.backward()  # walks the recorded graph from y back to x
print(x.grad)  # dy/dx = 2x
# --8<-- [end:backward]

# --8<-- [start:steps]
from dyndocs.graph import Steps, steps


class TwoLayers(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layer1 = torch.nn.Linear(3, 4)
        self.layer2 = torch.nn.Linear(4, 1)

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        hidden = torch.relu(self.layer1(inputs))
        return self.layer2(hidden)


def stepped() -> Steps:
    """A two-layer forward pass and its backward, one step per frame."""
    torch.manual_seed(0)
    model = TwoLayers()
    inputs = torch.randn(2, 3)

    def forward_and_backward() -> torch.Tensor:
        loss = model(inputs).pow(2).mean()
        loss.backward()
        return loss

    return steps(forward_and_backward, model)
# --8<-- [end:steps]


print(stepped())  # the steps as text; the page draws them as a stepper
