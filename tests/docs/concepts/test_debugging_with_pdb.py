"""Claims of docs/*/concepts/debugging-with-pdb.md, from the outputs its snippets show."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import torch

from ...support import ROOT

PAGE = "snippets/concepts/debugging-with-pdb"


def test_with_breakpoints_off_the_model_runs_through(shown: Callable[[str], str]) -> None:
    assert "output shape: torch.Size([1, 10])" in shown(f"{PAGE}/debug_model.py")


def test_the_pdb_session_is_real(shown: Callable[[str], str]) -> None:
    session = shown(f"{PAGE}/pdb_session.py")
    assert session.splitlines()[1].startswith("> dyndocs/models/debugging.py(")
    assert "(Pdb) p x.shape\ntorch.Size([1, 20])\n" in session
    assert "(Pdb) p x.shape\ntorch.Size([1, 30])\n" in session
    assert "(Pdb) p round(x.min().item(), 4)\n0.0\n" in session
    assert session.rstrip().endswith("(Pdb) c\noutput shape: torch.Size([1, 10])")
    assert "/tmp" not in session and str(ROOT) not in session and "0x" not in session


def test_pdb_first_stop_depends_on_the_python_version(shown: Callable[[str], str]) -> None:
    lines = shown(f"{PAGE}/pdb_session.py").splitlines()
    assert lines[0] == f"Python {sys.version_info.major}.{sys.version_info.minor}"
    if sys.version_info >= (3, 13):  # pdb stops on breakpoint() itself; the script adds an `n`
        assert lines[3] == "(Pdb) n"
    else:
        assert lines[2] == "-> x = F.relu(self.linear1(x))"


def test_unimportable_breakpoint_hook_warns_and_runs_on(shown: Callable[[str], str]) -> None:
    assert shown(f"{PAGE}/unimportable_hook.py").splitlines() == [
        "no stop: the program ran on",
        'RuntimeWarning: Ignoring unimportable $PYTHONBREAKPOINT: "no_such_debugger.set_trace"',
    ]


def test_pdb_set_trace_ignores_pythonbreakpoint_and_fails_without_input() -> None:
    """The page: pdb.set_trace() always stops, whatever PYTHONBREAKPOINT says; with no input to
    read it fails with BdbQuit instead of running on."""
    program = "import pdb\npdb.set_trace()\nprint('ran on')\n"
    environment = {**os.environ, "PYTHONBREAKPOINT": "0"}
    result = subprocess.run(
        [sys.executable, "-c", program],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )
    assert result.returncode != 0 and "ran on" not in result.stdout
    assert "BdbQuit" in result.stderr


def test_a_compiled_function_no_longer_runs_line_by_line(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/compiled_lines.py").splitlines()
    assert out[0] == "eager:    ['y = x * 2', 'z = y + 1', 'return z']"
    assert out[1] == "compiled: ['def scale_and_shift(x: torch.Tensor) -> torch.Tensor:']"
    assert out[2] == "force_eager: ['y = x * 2', 'z = y + 1', 'return z']"


def test_code_at_a_graph_break_still_runs_as_python() -> None:
    """The page: only code Dynamo could not capture (a print, a breakpoint() call) still runs."""

    def shifted(x: torch.Tensor) -> torch.Tensor:
        y = x * 2
        print("at the graph break")
        return y + 1

    compiled = torch.compile(shifted, backend="eager")
    compiled(torch.ones(2))  # compiles
    first = shifted.__code__.co_firstlineno
    lines: list[int] = []

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        # Dynamo runs transformed copies of the code (a resume function after the break), so the
        # events are matched by file, not by code object.
        if frame.f_code.co_filename == __file__ and event == "line":
            lines.append(frame.f_lineno - first)
        return trace

    sys.settrace(trace)
    try:
        compiled(torch.ones(2))
    finally:
        sys.settrace(None)
    assert 2 in lines, f"the print's line sent no line event under torch.compile: {lines}"
    assert 1 not in lines and 3 not in lines, f"a captured line ran one by one: {lines}"
