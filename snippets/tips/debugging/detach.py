"""tensor.detach(): a new tensor without history that shares memory with the original."""

import torch

from dyndocs.graph import Graph, graph_of

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
features = w * 2  # the output of a first sub-graph

detached = features.detach()
print("requires_grad:", detached.requires_grad, "grad_fn:", detached.grad_fn)
print("same memory:", detached.data_ptr() == features.data_ptr())

# Use it as the input of a new graph: gradients stop at the detached tensor.
v = torch.ones(3, requires_grad=True)
(detached * v).sum().backward()
print("v.grad:", v.grad)
print("w.grad:", w.grad)

clone = features.detach().clone()  # a real copy, when one is needed
print("clone shares memory:", clone.data_ptr() == features.data_ptr())


def graphs() -> list[Graph]:
    """With and without detach(): the edge back to w is gone."""
    names = {"w": w, "v": v}
    return [
        graph_of((features * v).sum(), leaf_names=names, title="features * v"),
        graph_of((detached * v).sum(), leaf_names=names, title="features.detach() * v"),
    ]
