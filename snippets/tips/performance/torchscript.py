"""The article's TorchScript example: trace and script a model, save, load back, compare."""

import tempfile
from pathlib import Path

import torch

from dyndocs.models.tips import SmallConvNet

torch.manual_seed(0)
model = SmallConvNet()
model.eval()  # inference behaviour (dropout, batch norm); trace records only what runs now
dummy_input = torch.randn(1, 3, 224, 224)

with tempfile.TemporaryDirectory() as tmp:  # never write into the working directory
    # Example: convert with trace
    traced_script_module = torch.jit.trace(model, dummy_input)
    traced_script_module.save(Path(tmp) / "model.pt")

    # Example: convert with script (more flexible, can handle control flow)
    scripted_module = torch.jit.script(model)
    scripted_module.save(Path(tmp) / "model_script.pt")

    # Load both back and check them on an input neither has seen
    loaded_traced = torch.jit.load(Path(tmp) / "model.pt")
    loaded_scripted = torch.jit.load(Path(tmp) / "model_script.pt")

x = torch.randn(2, 3, 224, 224)
with torch.no_grad():
    expected = model(x)
    print("loaded traced matches eager:  ", torch.allclose(loaded_traced(x), expected, atol=1e-6))
    print("loaded scripted matches eager:", torch.allclose(loaded_scripted(x), expected, atol=1e-6))
