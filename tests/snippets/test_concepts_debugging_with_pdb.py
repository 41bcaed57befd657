"""Claims of docs/*/concepts/debugging-with-pdb.md."""

from __future__ import annotations

import os
import runpy
import sys

import pytest
import torch

from dyndocs.models.debugging import DebugModel
from dyndocs.site import ROOT, outputs

SNIPPETS = ROOT / "snippets" / "concepts" / "debugging-with-pdb"


def test_breakpoint_is_a_no_op_with_pythonbreakpoint_0() -> None:
    assert os.environ.get("PYTHONBREAKPOINT") == "0"
    torch.manual_seed(0)
    assert DebugModel()(torch.randn(1, 10)).shape == (1, 10)


def test_forward_calls_the_breakpoint_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(sys, "breakpointhook", lambda *a, **k: calls.append("stop"))
    DebugModel()(torch.zeros(2, 10))
    assert calls == ["stop"]


def test_pdb_session_is_real_and_deterministic() -> None:
    first = outputs.run_snippet(SNIPPETS / "pdb_session.py").stdout
    second = outputs.run_snippet(SNIPPETS / "pdb_session.py").stdout
    assert first == second
    assert first.splitlines()[1].startswith("> dyndocs/models/debugging.py(")
    assert "(Pdb) p x.shape\ntorch.Size([1, 20])\n" in first
    assert "(Pdb) p x.shape\ntorch.Size([1, 30])\n" in first
    assert "(Pdb) p round(x.min().item(), 4)\n0.0\n" in first
    assert first.rstrip().endswith("(Pdb) c\noutput shape: torch.Size([1, 10])")
    assert "/tmp" not in first and str(ROOT) not in first and "0x" not in first


def test_debug_model_snippet_runs_through(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(SNIPPETS / "debug_model.py"), run_name="__main__")
    assert "output shape: torch.Size([1, 10])" in capsys.readouterr().out


def test_pdb_first_stop_depends_on_the_python_version() -> None:
    session = outputs.output_of(SNIPPETS / "pdb_session.py")
    version, first_stop = session.splitlines()[0], session.splitlines()[2]
    assert version == f"Python {sys.version_info.major}.{sys.version_info.minor}"
    if sys.version_info >= (3, 13):  # pdb stops on breakpoint() itself; the script adds an `n`
        assert session.splitlines()[3] == "(Pdb) n"
    else:
        assert first_stop == "-> x = F.relu(self.linear1(x))"


def test_unimportable_breakpoint_hook_warns_and_runs_on() -> None:
    out = outputs.output_of(SNIPPETS / "unimportable_hook.py")
    assert out.splitlines() == [
        "no stop: the program ran on",
        'RuntimeWarning: Ignoring unimportable $PYTHONBREAKPOINT: "no_such_debugger.set_trace"',
    ]
