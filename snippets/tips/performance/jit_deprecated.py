"""In torch 2.13, torch.jit.trace, torch.jit.script and torch.jit.load warn they are deprecated."""

import tempfile
import warnings
from pathlib import Path

import torch

from dyndocs.models.tips import SmallConvNet

model = SmallConvNet().eval()

with warnings.catch_warnings(record=True) as caught, tempfile.TemporaryDirectory() as tmp:
    # Record every warning, including DeprecationWarnings, which Python hides by default.
    warnings.simplefilter("always")
    torch.jit.trace(model, torch.randn(1, 3, 32, 32))
    torch.jit.script(model).save(Path(tmp) / "model_script.pt")
    torch.jit.load(Path(tmp) / "model_script.pt")

for message in sorted({str(w.message) for w in caught if w.category is DeprecationWarning}):
    print("DeprecationWarning:", message)
