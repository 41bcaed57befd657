"""Claims of docs/*/tips/devices.md: .to(device) moves modules in place, tensors by copy."""

from __future__ import annotations

import runpy

import pytest
import torch
from torch import nn

from dyndocs import pick_device
from dyndocs.site import ROOT


def test_snippet_puts_everything_on_one_device(capsys: pytest.CaptureFixture[str]) -> None:
    ns = runpy.run_path(str(ROOT / "snippets/tips/devices/to_device.py"), run_name="__main__")
    device = ns["device"]
    assert all(p.device == device for p in ns["model"].parameters())
    assert ns["inputs"].device == device and ns["labels"].device == device
    assert "False" not in capsys.readouterr().out


def test_module_to_is_in_place_and_tensor_to_returns_new() -> None:
    model = nn.Linear(2, 2)
    assert model.to(torch.device("meta")) is model
    assert model.weight.device.type == "meta"
    x = torch.ones(2)
    moved = x.to("meta")
    assert moved is not x and x.device.type == "cpu"
    assert x.to("cpu") is x  # already there: the same object, so reassigning is always safe


def test_pick_device_falls_back_to_cpu_without_gpu() -> None:
    if torch.cuda.is_available() or torch.backends.mps.is_available():
        pytest.skip("a GPU is present")
    assert pick_device() == torch.device("cpu")
