"""Claims of docs/*/tips/why-dynamic-graphs.md: a Python loop decides what the graph holds."""

from __future__ import annotations

import runpy
from typing import Any

import torch

from dyndocs import recorded_ops
from dyndocs.site import ROOT

SNIPPETS = ROOT / "snippets" / "tips" / "why-dynamic-graphs"


def _run(name: str) -> dict[str, Any]:
    return runpy.run_path(str(SNIPPETS / name), run_name="__main__")


def test_graph_grows_with_the_number_of_loop_iterations() -> None:
    halve_until_small = _run("define_by_run.py")["halve_until_small"]
    w = torch.tensor([3.0, 4.0], requires_grad=True)  # norm 5: three halvings
    small = recorded_ops(halve_until_small(w * 0.5))  # norm 2.5: two halvings
    large = recorded_ops(halve_until_small(w * 1.0))
    assert small.count("DivBackward0") == 2
    assert large.count("DivBackward0") == 3
    assert halve_until_small(w * 1.0).norm() <= 1
