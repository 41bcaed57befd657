"""Claims of docs/*/concepts/limits-and-torch-compile.md."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import torch

from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import CondModel, MyModule
from dyndocs.site import ROOT, outputs


@pytest.fixture(autouse=True)
def fresh_dynamo() -> Iterator[None]:
    torch._dynamo.reset()
    torch.manual_seed(0)
    yield
    torch._dynamo.reset()


def _shown(name: str) -> str:
    """The output the page shows for ``name``: the snippet run once, as the build runs it."""
    return outputs.output_of(ROOT / "snippets" / "concepts" / "limits-and-torch-compile" / name)


def test_compiled_my_module_matches_eager() -> None:
    model = MyModule()
    x = torch.randn(3, 10)
    compiled = torch.compile(model)
    assert torch.allclose(compiled(x), model(x), atol=1e-6)


def test_data_dependent_if_is_a_graph_break() -> None:
    explanation = torch._dynamo.explain(ConditionalModel())(torch.randn(4, 10), torch.rand(1))
    assert explanation.graph_count == 2
    assert explanation.graph_break_count == 1


def test_dynamo_runs_python_at_trace_time_and_keeps_guards() -> None:
    out = _shown("how_dynamo_captures.py").splitlines()
    assert out[0] == "graph 1: ['linear'] guards: ['x: float32 tensor, size [3, 10]']"
    assert out[1] == (
        "recompiled because: [\"tensor 'x' size mismatch at index 0. expected 3, actual 5\"]"
    )
    assert out[2].startswith("graph 2: ['linear'] guards: ['x: float32 tensor, size [any, 10]'")
    assert out[3] == "ShapeError: MyModule: x: expected shape (batch, 10), received (3, 7)"


def test_the_other_branch_is_a_first_compile_not_a_recompile() -> None:
    out = _shown("branch_flip.py")
    counts = [int(line.rsplit(": ", 1)[1]) for line in out.splitlines() if "so far" in line]
    assert counts == [2, 2, 3, 3, 3]
    assert "graphs: [['linear', 'relu', 'gt'], ['linear', 'relu'], ['linear', 'relu']]" in out
    assert out.rstrip().endswith("recompiles: []")


def test_a_python_float_is_specialised_then_symbolic() -> None:
    out = _shown("float_condition.py")
    counts = [int(line.rsplit(": ", 1)[1]) for line in out.splitlines() if "so far" in line]
    assert counts == [1, 2, 3, 3, 3, 3]
    assert "graph 1 guards: ['x: float32 tensor, size [4, 10]', 'condition == 0.9']" in out
    assert "graph 2 guards: ['x: float32 tensor, size [4, 10]', 'condition > 0.5']" in out
    assert "graph 3 guards: ['x: float32 tensor, size [4, 10]', 'condition <= 0.5']" in out
    assert "recompile 1, failed guards: ['condition == 0.9']" in out
    assert torch._dynamo.config.specialize_float is False


def test_fullgraph_refuses_data_dependent_branching() -> None:
    strict = torch.compile(ConditionalModel(), fullgraph=True, backend="eager")
    with pytest.raises(torch._dynamo.exc.Unsupported, match="Data-dependent branching"):
        strict(torch.randn(4, 10), torch.rand(1))


def test_torch_cond_is_one_graph_for_both_branches() -> None:
    out = _shown("torch_cond.py")
    assert out.count("1 graph, same as the if version: True") == 3
    assert "'cond'" in out


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


def test_torch_cond_enforces_the_dtype_but_not_the_size() -> None:
    x = torch.randn(4, 3)

    def different_sizes(t: torch.Tensor) -> torch.Tensor:
        return torch.cond(t.sum() > 0, lambda u: u.repeat(1, 2), lambda u: u.clone(), (t,))

    compiled = torch.compile(different_sizes, fullgraph=True, backend="eager")
    assert compiled(x.abs()).shape == (4, 6) and compiled(-x.abs()).shape == (4, 3)

    def different_dtypes(t: torch.Tensor) -> torch.Tensor:
        return torch.cond(t.sum() > 0, lambda u: u.double(), lambda u: u.clone(), (t,))

    with pytest.raises(Exception, match="dtype|Dtype"):
        torch.compile(different_dtypes, fullgraph=True, backend="eager")(x)


def test_autograd_still_records_a_graph_per_compiled_call() -> None:
    from dyndocs.inspect import recorded_ops

    model = MyModule()
    compiled = torch.compile(model, backend="aot_eager")
    x = torch.randn(3, 10)
    first, second = compiled(x).sum(), compiled(x).sum()
    assert "CompiledFunctionBackward" in recorded_ops(first)
    assert first.grad_fn is not second.grad_fn  # a new graph each call
    assert len(recorded_ops(first)) < len(recorded_ops(model(x).sum())) + 2
