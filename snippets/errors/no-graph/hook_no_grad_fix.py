"""Register the hook on a tensor in the graph: it runs when backward reaches it."""

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x.register_hook(lambda grad: print("hook saw the gradient:", grad))
(x**2).sum().backward()
