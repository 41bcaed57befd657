"""detach() first: the array shares memory with the tensor, and nothing is recorded."""

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
array = w.detach().numpy()
print(type(array).__name__, array.dtype, array.tolist())
