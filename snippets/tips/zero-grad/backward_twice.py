"""backward() frees the graph it walks: a second call on the same loss fails without retain_graph."""

import torch
from torch import nn

from dyndocs.errors import raises

torch.manual_seed(0)
model = nn.Linear(3, 1)
x = torch.tensor([[1.0, 2.0, 3.0]])

loss = model(x).sum()
loss.backward()  # walks the graph, then frees the tensors it saved
with raises(RuntimeError, r"backward through the graph a second time"):
    loss.backward()  # the same loss, the same (now freed) graph

model.zero_grad()
loss = model(x).sum()
loss.backward(retain_graph=True)  # keep the saved tensors for another pass
loss.backward()
print("after two backward() on one loss, weight.grad =", model.weight.grad)
