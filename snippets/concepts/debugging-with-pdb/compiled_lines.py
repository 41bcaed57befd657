"""Under torch.compile, the lines Dynamo captured no longer run one by one: their breakpoints do not fire."""

import linecache
import sys
from types import FrameType
from typing import Any

import torch


def scale_and_shift(x: torch.Tensor) -> torch.Tensor:
    y = x * 2
    z = y + 1
    return z


def lines_that_ran(fn: Any, x: torch.Tensor) -> list[str]:
    """Follow fn's lines with the line events a debugger's breakpoints rely on (sys.settrace)."""
    seen: list[str] = []

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        if frame.f_code.co_name == "scale_and_shift" and event == "line":
            seen.append(linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip())
        return trace

    sys.settrace(trace)
    try:
        fn(x)
    finally:
        sys.settrace(None)
    return seen


x = torch.ones(2)
compiled = torch.compile(scale_and_shift)
compiled(x)  # the first call compiles: Dynamo captures the three lines into one graph
print("eager:   ", lines_that_ran(scale_and_shift, x))
print("compiled:", lines_that_ran(compiled, x))
with torch.compiler.set_stance("force_eager"):  # the compiled function runs as plain Python again
    print("force_eager:", lines_that_ran(compiled, x))
