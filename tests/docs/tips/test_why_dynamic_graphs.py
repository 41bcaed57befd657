"""Claims of docs/*/tips/why-dynamic-graphs.md: a Python loop decides what the graph holds."""

from __future__ import annotations

from collections.abc import Callable


def test_the_graph_holds_one_division_per_loop_iteration(shown: Callable[[str], str]) -> None:
    out = shown("snippets/tips/why-dynamic-graphs/define_by_run.py")
    small, large = out.split("scale=4.0")
    assert small.count("halved") == 2 and small.count("DivBackward0") == 2 + 1  # + grad_fn line
    assert large.count("halved") == 4 and large.count("DivBackward0") == 4 + 1
    assert "while" not in out  # the loop itself is never a node of the graph
