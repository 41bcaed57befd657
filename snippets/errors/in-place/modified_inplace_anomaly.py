"""Anomaly mode adds where the forward call was: the line that made the node whose backward failed."""

import warnings
from pathlib import Path

import torch

from dyndocs.errors import raises

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():  # the context manager form of set_detect_anomaly(True)
        y = x.exp()
        y.mul_(2)
        with raises(RuntimeError, r"modified by an inplace operation"):
            y.sum().backward()

(anomaly,) = [w for w in caught if "Error detected" in str(w.message)]
print(f"{anomaly.category.__name__}:", end=" ")
for line in str(anomaly.message).splitlines():
    if line.strip().startswith("File "):  # the path depends on the machine: keep the name
        path = line.split('"')[1]
        line = line.replace(path, Path(path).name)
    if "Triggered internally" not in line:  # where in torch's C++ source the warning was issued
        print(line)
