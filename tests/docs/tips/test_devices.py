"""Claims of docs/*/tips/devices.md: .to(device) moves modules in place, tensors by copy."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch
from torch import nn

from dyndocs import pick_device


def test_snippet_puts_everything_on_one_device(shown: Callable[[str], str]) -> None:
    out = shown("snippets/tips/devices/to_device.py")
    assert "model on device: True" in out
    assert "inputs on device: True labels on device: True" in out


def test_module_to_is_in_place_and_tensor_to_returns_a_tensor() -> None:
    model = nn.Linear(2, 2)
    assert model.to(torch.device("meta")) is model
    assert model.weight.device.type == "meta"
    x = torch.ones(2)
    moved = x.to("meta")
    assert moved is not x and x.device.type == "cpu"
    assert x.to("cpu") is x  # already there: the same object, so reassigning is always safe


def test_pick_device_falls_back_to_the_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(torch.backends.mps, "is_available", lambda: False)
    assert pick_device() == torch.device("cpu")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert pick_device() == torch.device("cuda")
    assert pick_device("cpu") == torch.device("cpu")


def test_a_device_without_an_index_is_not_equal_to_one_with_it() -> None:
    """Why the snippet compares device types: a CUDA tensor's device is ``cuda:0``."""
    assert torch.device("cuda") != torch.device("cuda:0")
    assert torch.device("cuda").type == torch.device("cuda:0").type


def test_only_zero_dimensional_cpu_tensors_mix_with_another_device() -> None:
    elsewhere = torch.ones(2, device="meta")
    assert (elsewhere * torch.tensor(2.0)).device.type == "meta"  # counts as a plain number
    with pytest.raises(RuntimeError):
        elsewhere * torch.ones(2)


def test_to_on_a_leaf_that_requires_grad_loses_its_gradient(shown: Callable[[str], str]) -> None:
    """The page shows the errors atlas's entry and its fix."""
    out = shown("snippets/errors/no-graph/cast_leaf.py").splitlines()
    assert out[0].startswith("UserWarning: The .grad attribute of a Tensor that is not a leaf")
    assert out[1] == "w.is_leaf: False w.grad_fn: ToCopyBackward0 w.grad: None"
    fixed = shown("snippets/errors/no-graph/cast_leaf_fix.py").splitlines()
    for name in ("created    ", "moved      ", "moved_again"):
        assert f"{name} is_leaf: True  grad: tensor([2., 2., 2.], dtype=torch.float64)" in fixed
    assert fixed[-1] == "model.weight is_leaf: True"


def test_to_another_device_records_the_copy_too() -> None:
    """The page says ``.to("cuda")`` does the same; the meta device stands in for a GPU here."""
    w = torch.randn(3, requires_grad=True).to("meta")
    assert not w.is_leaf and type(w.grad_fn).__name__ == "ToCopyBackward0"
