"""The C++ reference (sitebuild.bench.cases._cpp and the ``cpp`` case): it computes what the
Python models compute, says so when there is no compiler, and a disagreement fails by name.

The extension is built once into ``.cache/cpp`` (about 25 s of compiler time cold on 2 cores)
and reused after.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
import torch

from sitebuild.bench.cases import _cpp
from sitebuild.bench.cases import cpp as cpp_case
from sitebuild.bench.cases import graph_overhead as overhead_case
from sitebuild.bench.cases._shared import models, ops_of

from ...support import made_once

CPU = torch.device("cpu")


@pytest.fixture
def cpp_extension() -> object:
    """The extension, compiled by the first worker that asks (or loaded from ``.cache/cpp``)."""
    with made_once("cpp_extension"):
        return _cpp.extension()


@pytest.fixture
def no_compiler(cpp_extension: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No compiler, once the extension that the other tests use is made."""
    monkeypatch.setattr(_cpp, "compiler", lambda: None)
    _cpp.extension.cache_clear()
    yield
    _cpp.extension.cache_clear()


def test_the_cpp_functions_compute_what_the_python_models_compute(cpp_extension: object) -> None:
    built = models(CPU)
    for name in cpp_case.ROWS:
        model, x = built[name]
        with torch.no_grad():
            expected = model(x)
        torch.testing.assert_close(cpp_case.cpp_call(name, model, x)(), expected)
    a, b = torch.randn(5), torch.randn(5)
    ext = _cpp.extension()
    torch.testing.assert_close(ext.mul_repeated(a, b, 3), a * b)


def test_a_build_lock_left_by_a_stopped_run_does_not_hold_up_the_next(
    cpp_extension: object,
) -> None:
    """load_inline's ``lock`` file, left behind by a run stopped mid-build, made every later run
    wait for ever; a run that holds the folder's flock removes it."""
    cache = _cpp.CACHE
    left = cache / getattr(cpp_extension, "__name__", "").removeprefix("dyndocs_reference_")
    (left / "lock").touch()
    loaded: list[object] = []
    loader = threading.Thread(
        target=lambda: loaded.append(_cpp.extension.__wrapped__()), daemon=True
    )
    loader.start()
    loader.join(timeout=120)
    assert loaded, f"still waiting on {left / 'lock'}"
    assert not (left / "lock").exists()


def test_without_a_compiler_the_cpp_column_says_so(no_compiler: None) -> None:
    with pytest.raises(_cpp.NoCompiler, match="no C\\+\\+ compiler"):
        _cpp.extension()
    rows = cpp_case.cpp(True, CPU)
    by_variant = {(r.row, r.variant): r for r in rows}
    # Without C++ to compare with there is no gap to it, but the operations are still counted.
    assert all("behind_cpp_s" not in r.metrics for r in rows)
    for name in cpp_case.ROWS:
        assert by_variant[(name, "cpp")].unsupported == "no C++ compiler"
        assert by_variant[(name, "eager")].median_s and by_variant[(name, "trace")].median_s
        eager, trace = (by_variant[(name, v)].metrics["ops"] for v in ("eager", "trace"))
        assert 0 < trace <= eager  # a trace can drop an unused result, never add an operation
    sweep = overhead_case.graph_overhead(True, CPU)
    assert {r.unsupported for r in sweep if r.variant == "cpp"} == {"no C++ compiler"}
    assert all(r.median_s for r in sweep if r.variant != "cpp")


def test_a_cpp_result_that_disagrees_with_eager_fails_naming_the_case(
    cpp_extension: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    def wrong(name: str, model: torch.nn.Module, x: torch.Tensor) -> object:
        return lambda: torch.zeros(x.shape[0], 4)

    monkeypatch.setattr(cpp_case, "cpp_call", wrong)
    with pytest.raises(
        cpp_case.CppDisagrees, match="cpp.tiny_mlp: the C\\+\\+ reference disagrees"
    ):
        cpp_case.cpp(True, CPU)


def test_the_cpp_functions_run_the_models_operations(cpp_extension: object) -> None:
    """The tiny MLP's eight ATen operations, called from C++, go through the same dispatcher and
    are counted like eager mode's; the RNNCell loop's are of the same number."""
    for name, (model, x) in models(CPU).items():
        if name in cpp_case.ROWS:
            with torch.no_grad():
                eager = ops_of(lambda model=model, x=x: model(x))
            from_cpp = ops_of(cpp_case.cpp_call(name, model, x))
            assert (
                (from_cpp == eager == 8) if name == "tiny_mlp" else (0.9 < from_cpp / eager < 1.2)
            )
