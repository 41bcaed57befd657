"""Claims of docs/*/concepts/limits-and-torch-compile.md.

Most come from the outputs the page's snippets show; the rest are behaviours of torch that the
page states, asserted here so that a torch release that changes them fails the suite.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator

import pytest
import torch
import torch.nn.functional as F

from dyndocs.inspect import dynamo_log, recorded_ops
from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import MyModule
from sitebuild.languages.strings import Strings
from sitebuild.pages.figures import Figures
from sitebuild.project import Project
from sitebuild.runs.runner import CodeRunner

PAGE = "snippets/concepts/limits-and-torch-compile"


@pytest.fixture(autouse=True)
def fresh_dynamo() -> Iterator[None]:
    torch._dynamo.reset()
    torch.manual_seed(0)
    yield
    torch._dynamo.reset()


def counts(out: str) -> list[int]:
    return [int(line.rsplit(": ", 1)[1]) for line in out.splitlines() if "so far" in line]


def test_compiled_my_module_matches_eager(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/compile_my_module.py")
    assert "output shape: torch.Size([1, 20])" in out and "same as eager: True" in out


def test_dynamo_runs_python_at_trace_time_and_keeps_guards(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/how_dynamo_captures.py").splitlines()
    assert out[0] == "graph 1: ['linear'] guards: ['x: float32 tensor, size [3, 10]']"
    assert out[1] == (
        "recompiled because: [\"tensor 'x' size mismatch at index 0. expected 3, actual 5\"]"
    )
    assert out[2].startswith("graph 2: ['linear'] guards: ['x: float32 tensor, size [any, 10]'")
    assert out[3] == "ShapeError: MyModule: x: expected shape (batch, 10), received (3, 7)"


def test_data_dependent_if_is_a_graph_break(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/graph_break.py")
    assert "graphs: 2\ngraph breaks: 1\nreason: generic_jump TensorVariable()" in out


def test_the_other_branch_is_a_first_compile_not_a_recompile(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/branch_flip.py")
    assert counts(out) == [2, 2, 3, 3, 3]
    assert "graphs: [['linear', 'relu', 'gt'], ['linear', 'relu'], ['linear', 'relu']]" in out
    assert out.rstrip().endswith("recompiles: []")


def test_a_python_float_is_specialised_then_symbolic(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/float_condition.py")
    assert counts(out) == [1, 2, 3, 3, 3, 3]
    assert "graph 1 guards: ['x: float32 tensor, size [4, 10]', 'condition == 0.9']" in out
    assert "graph 2 guards: ['x: float32 tensor, size [4, 10]', 'condition > 0.5']" in out
    assert "graph 3 guards: ['x: float32 tensor, size [4, 10]', 'condition <= 0.5']" in out
    assert "recompile 1, failed guards: ['condition == 0.9']" in out
    assert torch._dynamo.config.specialize_float is False


def test_fullgraph_refuses_data_dependent_branching(shown: Callable[[str], str]) -> None:
    first = shown(f"{PAGE}/fullgraph.py").splitlines()[0]
    assert first == "torch._dynamo.exc.Unsupported: Data-dependent branching"


def test_torch_cond_is_one_graph_for_both_branches(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/torch_cond.py")
    assert out.count("1 graph, same as the if version: True") == 3
    assert "'cond'" in out


def test_torch_cond_is_still_a_prototype() -> None:
    """The page says so; a torch release that promotes it must update the page."""
    assert "`torch.cond` is a prototype feature" in (torch.cond.__doc__ or "")


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


def test_a_new_model_reuses_the_compiled_graph_and_a_new_batch_size_compiles_dynamic() -> None:
    """The page: in a notebook, a new ``MyModule`` with the same backend runs the graph compiled
    for the old one, and a batch size other than the one seen makes the next compile dynamic."""
    torch.compile(MyModule(), backend="eager")(torch.randn(3, 10))
    with dynamo_log() as log:
        torch.compile(MyModule(), backend="eager")(torch.randn(3, 10))
    assert log.guards == [] and log.recompiles == []  # nothing compiled
    with dynamo_log() as log:
        torch.compile(MyModule(), backend="eager")(torch.randn(7, 10))
    assert len(log.guards) == 1 and "size [any, 10]" in log.guards[0][0]


def test_autograd_still_records_a_graph_per_compiled_call() -> None:
    model = MyModule()
    compiled = torch.compile(model, backend="aot_eager")
    x = torch.randn(3, 10)
    first, second = compiled(x).sum(), compiled(x).sum()
    assert "CompiledFunctionBackward" in recorded_ops(first)
    assert first.grad_fn is not second.grad_fn  # a new graph each call


def test_torchscript_is_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="torch.compile"):
        torch.jit.script(torch.nn.Linear(10, 20))


def test_every_way_to_run_a_data_dependent_model(runner: CodeRunner, project: Project) -> None:
    """The table of the page, cell by cell: a torch upgrade that changes one fails here."""
    figures = Figures(runner, project.cache / "graphs", Strings.load(project.i18n, project.locales))
    rows = {r["way"]: r for r in figures.data("table", f"{PAGE}/every_way.py", "rows")["rows"]}
    assert rows["eager"] == {
        "way": "eager",
        "right_first": True,
        "right_second": True,
        "warnings": [],
    }
    trace = rows["torch.jit.trace"]
    assert (trace["right_first"], trace["right_second"]) == (True, False)  # wrong, silently
    assert trace["warnings"] == ["DeprecationWarning", "TracerWarning"]
    assert rows["torch.jit.script"]["error"].startswith("RuntimeError:")
    assert "Sequence" in rows["torch.jit.script"]["error"]  # check_shape's hints, not the if
    compiled = rows["torch.compile"]
    assert (compiled["right_first"], compiled["right_second"]) == (True, True)
    assert (compiled["graphs"], compiled["graph_breaks"]) == (3, 1)
    assert "data-dependent" in rows["torch.export"]["error"]
    cond = rows["torch.export + torch.cond"]
    assert (cond["right_first"], cond["right_second"], cond["warnings"]) == (True, True, [])


def test_script_fails_on_the_type_hints_and_would_keep_the_branch() -> None:
    """The page: scripting fails on check_shape's type hints before it reaches the if, and compiles
    such an if itself. The same model without the check scripts, and takes both branches."""

    class Unchecked(ConditionalModel):
        def forward(self, x: torch.Tensor, condition: torch.Tensor) -> torch.Tensor:
            x = F.relu(self.linear1(x))
            if bool(condition > 0.5):
                x = F.relu(self.linear2(x))
            else:
                x = F.relu(self.linear3(x))
            return x

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(RuntimeError, match="Sequence"):
            torch.jit.script(ConditionalModel())
        model = Unchecked().eval()
        scripted = torch.jit.script(model)
    x = torch.randn(4, 10)
    for value in (0.9, 0.1):
        condition = torch.tensor([value])
        assert torch.allclose(scripted(x, condition), ConditionalModel.forward(model, x, condition))
