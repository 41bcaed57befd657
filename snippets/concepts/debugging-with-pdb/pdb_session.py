"""Run DebugModel under pdb for real, feed it commands, and print the session."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import dyndocs

SCRIPT = """\
import torch
from dyndocs.models.debugging import DebugModel

torch.manual_seed(0)
model = DebugModel()
x = torch.randn(1, 10)
output = model(x)
print("output shape:", output.shape)
"""

# What we type at the (Pdb) prompt, one command per line
COMMANDS = [
    "p x.shape",  # p(rint): the input as it arrives
    "n",  # n(ext): run the current line
    "p x.shape",  # after linear1 and ReLU
    "p round(x.min().item(), 4)",  # ReLU left nothing negative
    "n",
    "p x.shape",  # after linear2 and ReLU
    "c",  # c(ontinue): run on to the end
]
if sys.version_info >= (3, 13):
    # Up to 3.12 pdb stops on the line after breakpoint(); from 3.13 on breakpoint() itself
    COMMANDS.insert(0, "n")

env = {**os.environ, "PYTHONBREAKPOINT": "pdb.set_trace"}  # turn breakpoint() on
with tempfile.TemporaryDirectory() as tmp:
    script = Path(tmp) / "debug_model.py"
    script.write_text(SCRIPT)
    session = subprocess.run(
        [sys.executable, str(script)],
        input="\n".join(COMMANDS) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout

# Paths differ from machine to machine: show them relative to the repository
repo = Path(dyndocs.__file__).resolve().parent.parent
session = session.replace(str(repo) + os.sep, "")

# pdb does not echo what it reads from a pipe: put each command after its prompt
parts = session.split("(Pdb) ")
transcript = parts[0] + "".join(
    f"(Pdb) {command}\n{output}" for command, output in zip(COMMANDS, parts[1:], strict=True)
)
print(f"Python {sys.version_info.major}.{sys.version_info.minor}")
print(transcript.rstrip())
