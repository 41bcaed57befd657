"""Compile the lecture's MyModule with torch.compile and check it against eager mode."""

import torch

from dyndocs.models.compiled import MyModule

torch.manual_seed(0)

model = MyModule()

# Compile the model with torch.compile (default backend: TorchInductor)
compiled_model = torch.compile(model)

# Prepare some data
x = torch.randn(1, 10)

# Forward pass: the first call compiles, later calls reuse the compiled code
output = compiled_model(x)
print("output shape:", output.shape)
print("same as eager:", torch.allclose(output, model(x), atol=1e-6))
