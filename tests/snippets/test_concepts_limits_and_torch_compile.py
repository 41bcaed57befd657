"""Claims of docs/*/concepts/limits-and-torch-compile.md."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import torch

from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import CondModel, MyModule


@pytest.fixture(autouse=True)
def fresh_dynamo() -> Iterator[None]:
    torch._dynamo.reset()
    torch.manual_seed(0)
    yield
    torch._dynamo.reset()


def counting() -> tuple[list[torch.fx.GraphModule], Callable[..., Any]]:
    graphs: list[torch.fx.GraphModule] = []

    def backend(gm: torch.fx.GraphModule, example_inputs: list[torch.Tensor]) -> Any:
        graphs.append(gm)
        return gm.forward

    return graphs, backend


def test_compiled_my_module_matches_eager() -> None:
    model = MyModule()
    x = torch.randn(3, 10)
    compiled = torch.compile(model)
    assert torch.allclose(compiled(x), model(x), atol=1e-6)


def test_data_dependent_if_is_a_graph_break() -> None:
    explanation = torch._dynamo.explain(ConditionalModel())(torch.randn(4, 10), torch.rand(1))
    assert explanation.graph_count == 2
    assert explanation.graph_break_count == 1


def test_flipping_the_branch_compiles_once_more() -> None:
    graphs, backend = counting()
    compiled = torch.compile(ConditionalModel(), backend=backend)
    x = torch.randn(4, 10)
    seen = []
    for value in [0.9, 0.8, 0.1, 0.2, 0.7]:
        compiled(x, torch.tensor([value]))
        seen.append(len(graphs))
    assert seen == [2, 2, 3, 3, 3]


def test_fullgraph_refuses_data_dependent_branching() -> None:
    strict = torch.compile(ConditionalModel(), fullgraph=True, backend="eager")
    with pytest.raises(torch._dynamo.exc.Unsupported, match="Data-dependent branching"):
        strict(torch.randn(4, 10), torch.rand(1))


def test_torch_cond_is_one_graph_for_both_branches() -> None:
    graphs, backend = counting()
    model = CondModel()
    eager = ConditionalModel()
    eager.load_state_dict(model.state_dict())
    compiled = torch.compile(model, fullgraph=True, backend=backend)
    x = torch.randn(4, 10)
    for value in [0.9, 0.1, 0.7]:
        condition = torch.tensor([value])
        assert torch.allclose(compiled(x, condition), eager(x, condition), atol=1e-6)
    assert len(graphs) == 1


def test_python_float_condition_is_a_constant_new_values_compile_again() -> None:
    graphs, backend = counting()
    compiled = torch.compile(ConditionalModel(), backend=backend)
    x = torch.randn(4, 10)
    counts = []
    for value in [0.9, 0.9, 0.8]:
        compiled(x, value)
        counts.append(len(graphs))
    assert counts[0] == counts[1] < counts[2]


def test_cond_model_exports_as_one_graph() -> None:
    model = CondModel()
    x, condition = torch.randn(4, 10), torch.tensor([0.9])
    exported = torch.export.export(model, (x, condition))
    for value in [0.9, 0.1]:
        condition = torch.tensor([value])
        assert torch.allclose(exported.module()(x, condition), model(x, condition), atol=1e-6)


def test_torchscript_is_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="torch.compile"):
        torch.jit.script(torch.nn.Linear(10, 20))
