"""dyndocs.models.debugging: DebugModel calls the breakpoint hook, which the suite turns off."""

from __future__ import annotations

import os
import sys

import pytest
import torch

from dyndocs.models.debugging import DebugModel


def test_breakpoint_is_a_no_op_with_pythonbreakpoint_0() -> None:
    assert os.environ.get("PYTHONBREAKPOINT") == "0"
    torch.manual_seed(0)
    assert DebugModel()(torch.randn(1, 10)).shape == (1, 10)


def test_forward_calls_the_breakpoint_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(sys, "breakpointhook", lambda *a, **k: calls.append("stop"))
    DebugModel()(torch.zeros(2, 10))
    assert calls == ["stop"]
