"""Claims of docs/*/performance.md that are not measurements: behaviours of torch that the page
states. Its figures are checked against benchmarks/recorded.json (tests/sitebuild/bench)."""

from __future__ import annotations

import pytest
import torch

from dyndocs.shapes import check_shape


def _width_is(x: torch.Tensor, width: int) -> None:
    if x.size(-1) != width:
        raise ValueError("wrong width")


class _CheckedDouble(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        _width_is(x, 3)
        return x * 2


def test_script_compiles_helpers_in_its_subset_and_stops_at_check_shapes_type_hints() -> None:
    """The page: torch.jit.script compiles the helpers a model calls when they keep to its
    subset of Python; dyndocs' shape checks do not, and it fails on their type hints."""
    with pytest.warns(DeprecationWarning):
        scripted = torch.jit.script(_CheckedDouble())
    assert torch.equal(scripted(torch.ones(2, 3)), torch.full((2, 3), 2.0))
    with pytest.raises(torch.jit.Error, match="wrong width"):
        scripted(torch.ones(2, 4))
    with pytest.warns(DeprecationWarning), pytest.raises(RuntimeError, match="type constructor"):
        torch.jit.script(check_shape)
