"""zero_grad(set_to_none=True) and zero_grad(set_to_none=False) train differently with momentum."""

import torch
from torch import nn

x = torch.randn(8, 4, generator=torch.Generator().manual_seed(1))


def train(set_to_none: bool) -> torch.Tensor:
    """Two SGD steps with momentum; the second step gives the head no gradient."""
    torch.manual_seed(0)
    body, head = nn.Linear(4, 4), nn.Linear(4, 1)
    optimizer = torch.optim.SGD([*body.parameters(), *head.parameters()], lr=0.1, momentum=0.9)
    for step in (1, 2):
        optimizer.zero_grad(set_to_none=set_to_none)
        features = body(x)
        # Step 2 trains the body alone, as an auxiliary loss would: the head takes no part
        loss = head(features).square().mean() if step == 1 else features.square().mean()
        loss.backward()
        grad = head.weight.grad
        before = head.weight.detach().clone()
        optimizer.step()  # skips parameters whose grad is None
        moved = not torch.equal(before, head.weight)
        state = "None" if grad is None else ("a gradient" if grad.any() else "zeros")
        print(f"  step {step}: head.weight.grad is {state}, the head moved: {moved}")
    return head.weight.detach().clone()


print("set_to_none=True:")
none_weights = train(set_to_none=True)
print("set_to_none=False:")
zero_weights = train(set_to_none=False)
print("same head weights after step 2:", torch.equal(none_weights, zero_weights))
