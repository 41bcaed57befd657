"""Recorded, torch.linalg.svdvals also computes U and V: its backward needs them."""

from collections.abc import Callable

import torch
from torch.profiler import profile

from dyndocs.inspect import saved_bytes

torch.manual_seed(0)
a = torch.randn(256, 256, requires_grad=True)


def svd_kernel_call(fn: Callable[[], object]) -> str:
    """The arguments of the SVD that fn runs, as the profiler records them."""
    with profile(record_shapes=True) as prof:
        fn()
    (svd,) = [event for event in prof.events() if event.name == "aten::_linalg_svd"]
    full_matrices, compute_uv = svd.concrete_inputs[1:3]
    return f"aten::_linalg_svd(full_matrices={full_matrices}, compute_uv={compute_uv})"


def svdvals() -> torch.Tensor:
    return torch.linalg.svdvals(a)


print("recorded:", svd_kernel_call(svdvals))
print("recorded:", saved_bytes(svdvals), "bytes kept for backward")
with torch.no_grad():
    print("no_grad: ", svd_kernel_call(svdvals))
    print("no_grad: ", saved_bytes(svdvals), "bytes kept for backward")
