"""Anomaly mode adds where the forward call was: the line that made the node whose backward failed."""

import re
import warnings

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
lines = [
    line
    for line in str(anomaly.message).splitlines()
    if "Triggered internally" not in line  # where in torch's C++ source the warning was issued
]
# The innermost frame is the line that made the node: only that one is printed.
# The frames around it depend on what started this script (a terminal, a notebook).
innermost = max(i for i, line in enumerate(lines) if line.lstrip().startswith("File "))
print(f"{anomaly.category.__name__}: {lines[0]}")
for line in lines[innermost:]:
    # The file's path depends on where this code runs; the line number and the code do not.
    print(re.sub(r'File "[^"]*"', 'File "..."', line))
