"""sitebuild.bench.suite: fresh processes, failures by name, schedule, devices, provenance.

Timings are never asserted here: they are measured by a real run and recorded with the
repository (``benchmarks/recorded.json``).
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest
import torch

from sitebuild.bench import suite as suite_module
from sitebuild.bench.registry import cases
from sitebuild.bench.suite import BenchmarkFailed, Suite, schedule
from sitebuild.project import Project
from sitebuild.runs.zygote import ZygotePool


@pytest.fixture(scope="module")
def zygotes() -> ZygotePool:
    """One zygote for the module's runs: each case still gets a fresh process."""
    return ZygotePool()


@pytest.fixture(scope="module")
def caches(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for the module's suites: a zygote serves one start environment, and the
    suite's Inductor cache, under this folder, is part of it (a folder per test started a
    zygote, and imported torch, per test)."""
    return tmp_path_factory.mktemp("suite")


@pytest.fixture
def suite(project: Project, caches: Path, zygotes: ZygotePool) -> Suite:
    bench = caches / "bench"
    shutil.rmtree(bench, ignore_errors=True)  # each test starts with no cached results
    return Suite(project.root, bench, zygotes=zygotes)


def test_a_case_that_fails_in_its_process_is_named(suite: Suite) -> None:
    with pytest.raises(BenchmarkFailed, match="(?s)'no_such_case' on cpu failed.*invalid choice"):
        suite.run_process("no_such_case", "cpu", quick=True)


def test_a_case_that_runs_too_long_is_named(suite: Suite) -> None:
    suite.timeout_s = 0.01
    with pytest.raises(BenchmarkFailed, match="'zero_grad' on cpu timed out after 0.01 s"):
        suite.run_process("zero_grad", "cpu", quick=True)


def test_the_requested_device_is_used_or_refused_by_name(suite: Suite) -> None:
    """A build asks for ``cuda`` only when CUDA is present; asking without it must say so."""
    if torch.cuda.is_available():
        rows, _ = suite.run_process("zero_grad", "cuda", quick=True)
        assert {r.variant for r in rows} == {"set_to_none", "zero_fill"}
    else:
        assert suite.devices() == ["cpu"]
        with pytest.raises(
            BenchmarkFailed, match="(?s)'zero_grad' on cuda failed:\n.*not available"
        ):
            suite.run_process("zero_grad", "cuda", quick=True)


def test_a_gpu_machine_measures_both_devices_and_records_its_gpu(
    suite: Suite, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = suite.cache_key(quick=True)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda index=0: "NVIDIA H200")
    monkeypatch.setattr(suite_module, "gpu_name", lambda: "NVIDIA H200")
    assert suite.devices() == ["cpu", "cuda"]
    assert suite.environment()["gpu"] == "NVIDIA H200"
    assert suite.cache_key(quick=True) != here, "a GPU's results must not reuse a CPU cache"
    processes = {name: spec.processes for name, spec in cases().items()}
    jobs = schedule(processes, suite.devices(), quick=True)
    assert {device for _, device in jobs} == {"cpu", "cuda"} and len(jobs) == 2 * len(processes)


def test_processes_of_a_case_are_spread_over_the_run() -> None:
    order = schedule({"a": 3, "b": 3, "compile": 1}, ["cpu", "cuda"], quick=False)
    a_on_cpu = [i for i, job in enumerate(order) if job == ("a", "cpu")]
    assert len(a_on_cpu) == 3
    gaps = [later - earlier for earlier, later in itertools.pairwise(a_on_cpu)]
    assert min(gaps) > 1, f"processes of one case run back to back: {order}"
    assert order.count(("compile", "cuda")) == 1
    assert schedule({"a": 3}, ["cpu"], quick=True) == [("a", "cpu")]


def test_code_version_follows_the_measured_code_not_the_rendering(
    project: Project, tmp_path: Path
) -> None:
    """Copy the bench package and the models it measures; change each kind of file."""
    import shutil

    for part in ("sitebuild", "dyndocs"):
        shutil.copytree(
            project.root / part, tmp_path / part, ignore=shutil.ignore_patterns("*.pyc")
        )
    copy = Suite(tmp_path, tmp_path / ".cache" / "bench")
    before = copy.code_version()
    (tmp_path / "sitebuild" / "bench" / "render.py").write_text("# rendering only\n")
    assert copy.code_version() == before
    models = tmp_path / "dyndocs" / "models" / "recurrent.py"
    source = models.read_text()
    models.write_text(source.replace('"""', '"""Reworded. ', 1) + "\n# a comment\n")
    assert copy.code_version() == before, "docstrings and comments measure nothing"
    models.write_text(source + "\nSTEPS = 2\n")
    assert copy.code_version() != before


def test_results_are_measured_once_per_key_unless_forced(
    suite: Suite, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = itertools.count(1)
    monkeypatch.setattr(suite, "measure", lambda **_: {"run": next(runs)})
    assert suite.load_or_measure(quick=True) == {"run": 1}
    assert suite.load_or_measure(quick=True) == {"run": 1}
    assert suite.latest_cached() == {"run": 1}
    assert suite.load_or_measure(quick=True, force=True) == {"run": 2}
    assert suite.load_or_measure(quick=False) == {"run": 3}
