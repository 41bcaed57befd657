"""sitebuild.runs.runner: code runs once per content; the key covers what the result depends on."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from sitebuild.runs import runner as runs
from sitebuild.runs.runner import CodeRunner, RunFailed
from sitebuild.runs.zygote import COMPILER_PRELOAD, ZygotePool

PLAIN = ZygotePool(preload=())  # these examples import no torch: start in milliseconds


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A tiny repository: a package with two modules, one importing the other, and a snippet."""
    package = tmp_path / "pkg"
    (package / "models").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "models" / "__init__.py").write_text("")
    (package / "models" / "layers.py").write_text("from pkg.helpers import twice\nSIZE = 3\n")
    (package / "helpers.py").write_text("def twice(n):\n    return 2 * n\n")
    (package / "unused.py").write_text("X = 1\n")
    (tmp_path / "snippet.py").write_text(
        "from pkg.models.layers import SIZE, twice\nprint(twice(SIZE))\n"
    )
    return tmp_path


def runner_for(repo: Path) -> CodeRunner:
    return CodeRunner(repo, repo / ".cache" / "runs", package="pkg", zygotes=PLAIN)


def run(runner: CodeRunner, repo: Path) -> runs.RunResult:
    env = {"PYTHONPATH": str(repo)}  # the package is importable from the tiny repository
    return runner.run((repo / "snippet.py").read_text(), name="snippet.py", env=env)


def test_dependencies_follow_imports_through_the_package(repo: Path) -> None:
    found = runner_for(repo).dependencies((repo / "snippet.py").read_text())
    names = [p.relative_to(repo).as_posix() for p in found]
    assert names == [
        "pkg/__init__.py",
        "pkg/helpers.py",
        "pkg/models/__init__.py",
        "pkg/models/layers.py",
    ]


def test_running_many_parses_no_code_in_its_threads(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python 3.11 can fail when two threads parse at once: every job's code and imports are
    parsed in the calling thread before the threads run."""
    parsed_in: list[tuple[str, str | None]] = []
    real = runs.imported_modules

    def recording(code: str, package: str | None = None) -> set[str]:
        parsed_in.append((threading.current_thread().name, package))
        return real(code, package)

    monkeypatch.setattr(runs, "imported_modules", recording)
    runs._dependencies.cache_clear()
    runs._imports_of.cache_clear()
    jobs = [repo / f"job{n}.py" for n in range(4)]
    for n, job in enumerate(jobs):
        job.write_text(f'NAME = "pkg.helpers"\nprint({n})')
    results = runner_for(repo).run_many(jobs, workers=2)
    assert [getattr(r, "stdout", r) for r in results] == ["0\n", "1\n", "2\n", "3\n"]
    assert {thread for thread, _ in parsed_in} == {threading.main_thread().name}, parsed_in
    assert [p for _, p in parsed_in].count(None) == 4  # each job's code, then its imports


def test_module_names_in_strings_count_for_code_that_starts_python() -> None:
    assert "dyndocs.models.debugging" in runs.imported_modules(
        'SCRIPT = "from dyndocs.models.debugging import DebugModel"'
    )


def test_a_second_run_of_the_same_content_is_cached(repo: Path) -> None:
    runner = runner_for(repo)
    first = run(runner, repo)
    assert first.stdout == "6\n" and not first.cached
    assert run(runner, repo).cached


def test_changing_the_snippet_runs_it_again(repo: Path) -> None:
    runner = runner_for(repo)
    run(runner, repo)
    (repo / "snippet.py").write_text(
        "from pkg.models.layers import SIZE, twice\nprint(twice(SIZE) + 1)\n"
    )
    again = run(runner, repo)
    assert not again.cached and again.stdout == "7\n"


def test_changing_a_function_it_uses_runs_it_again(repo: Path) -> None:
    runner = runner_for(repo)
    run(runner, repo)
    helper = repo / "pkg" / "helpers.py"
    helper.write_text("def twice(n):\n    return n + n + 0\n")  # same result, new source
    os.utime(helper, ns=(1, 1))  # even with an old modification time
    assert not run(runner, repo).cached


def test_changing_a_module_it_does_not_import_changes_nothing(repo: Path) -> None:
    runner = runner_for(repo)
    run(runner, repo)
    (repo / "pkg" / "unused.py").write_text("X = 2\n")
    assert run(runner, repo).cached


def test_a_new_torch_version_runs_it_again(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = runner_for(repo)
    run(runner, repo)
    monkeypatch.setattr(runs, "_torch_version", lambda: "99.0.0+cpu")
    assert not run(runner, repo).cached


def test_white_space_after_the_code_shares_its_run_and_nothing_else_does(repo: Path) -> None:
    runner = runner_for(repo)
    code = (repo / "snippet.py").read_text()
    assert code.endswith(")\n")
    assert runner.key(code + "\n") == runner.key(code + "  \n\n") == runner.key(code.rstrip())
    negated = code.replace("print(", "print(-")
    assert runner.key(" " + code) != runner.key(code) != runner.key(negated)


def test_environment_is_part_of_the_key(repo: Path) -> None:
    runner = runner_for(repo)
    code = (repo / "snippet.py").read_text()
    assert runner.key(code) != runner.key(code, {"ATEN_CPU_CAPABILITY": "default"})


def test_a_failure_names_the_code_and_is_not_cached(tmp_path: Path) -> None:
    runner = CodeRunner(tmp_path, tmp_path / "cache", zygotes=PLAIN)
    for _ in range(2):
        with pytest.raises(RunFailed, match=r"(?s)failing_example\.py exited.*boom"):
            runner.run("raise RuntimeError('boom')\n", name="failing_example.py")
    assert not list((tmp_path / "cache").glob("*.json"))


def test_code_that_writes_into_its_working_directory_fails(tmp_path: Path) -> None:
    runner = CodeRunner(tmp_path, tmp_path / "cache", zygotes=PLAIN)
    with pytest.raises(RunFailed, match=r"litter\.py wrote \['out\.txt'\]"):
        runner.run("open('out.txt', 'w').write('x')\n", name="litter.py")


class AskedPreload(ZygotePool):
    """Runs every job in a bare zygote, and records the preload each job asked for."""

    def __init__(self) -> None:
        super().__init__(preload=())
        self.asked: list[object] = []

    def run(self, argv, *, preload=None, **options):  # type: ignore[no-untyped-def, override]
        self.asked.append(preload)
        return super().run(argv, preload=(), **options)


def test_code_that_compiles_forks_from_a_zygote_that_has_imported_the_compiler(
    tmp_path: Path,
) -> None:
    """The import costs seconds of every run that compiles; other runs fork from a plain one."""
    pool = AskedPreload()
    runner = CodeRunner(tmp_path, tmp_path / "cache", package="nothing_here", zygotes=pool)
    try:
        runner.run("print(1)", name="plain.py")
        runner.run("print(2)  # then torch.compile(model)", name="compiles.py")
    finally:
        pool.close()
    assert pool.asked == [None, COMPILER_PRELOAD]
    assert runs.COMPILES.search("model = torch.compile(model)")
    assert runs.COMPILES.search("torch.export.export(m, (x,))")
    assert not runs.COMPILES.search("torch.compiled_with_cxx11_abi()")


def test_compiled_kernels_are_kept_in_the_projects_cache(
    tmp_path: Path, runner: CodeRunner
) -> None:
    """Code that compiles keeps Inductor's kernels in ``compile_cache``, not in the folder in
    ``/tmp`` that every clone on the machine shares; ``isolate`` can still name another. It runs
    where such code runs, in the zygote that imported Inductor before the folder was chosen."""
    code = (
        "import torch  # as code that calls torch.compile runs\n"
        "from torch._inductor.codecache import FxGraphCache\n"
        "print(FxGraphCache._get_tmp_dir())\n"
    )
    local = CodeRunner(tmp_path, tmp_path / "runs", zygotes=runner.zygotes)
    assert local.run(code, name="compiles.py").stdout == f"{tmp_path / 'inductor-runs'}/fxgraph\n"
    elsewhere = {"TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "plain")}
    found = local.run(code + "# the plain vector path\n", name="plain.py", isolate=elsewhere)
    assert found.stdout == f"{tmp_path / 'plain'}/fxgraph\n"
