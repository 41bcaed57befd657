"""Count the bytes autograd keeps for backward, with and without torch.no_grad()."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
inputs = torch.randn(32, 64)
parameters = {p.untyped_storage().data_ptr() for p in model.parameters()}


def bytes_saved_for_backward() -> int:
    """Run the model once; add up the storages autograd saves, leaving out the parameters."""
    saved: dict[int, int] = {}

    def pack(tensor: torch.Tensor) -> torch.Tensor:
        storage = tensor.untyped_storage()
        if storage.data_ptr() not in parameters:  # weights exist anyway: not an extra cost
            saved[storage.data_ptr()] = storage.nbytes()  # keyed by storage: views count once
        return tensor

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
        model(inputs)
    return sum(saved.values())


print("with grad:", bytes_saved_for_backward(), "bytes kept for backward")
with torch.no_grad():
    print("no_grad:  ", bytes_saved_for_backward(), "bytes kept for backward")
