"""Fixtures shared by the tests. The slow ones (the site, the reader's venv) are made by one
worker under a file lock (:func:`tests.support.made_once`) and read by the others.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sitebuild.audit.lighthouse import served
from sitebuild.pages.includes import output_runner
from sitebuild.project import Project
from sitebuild.runs import cachefiles
from sitebuild.runs.runner import CodeRunner

from . import reader_env as reader_venv
from . import support

BUILD_ENV = {"DYNDOCS_BENCH": "recorded", "REPO_URL": support.TEST_REPO_URL}
"""The test build checks every claim against the benchmark results recorded with the repository:
no timing is taken."""


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Prune the caches' entries that no run has used for a long time."""
    if not session.config.option.collectonly:
        cachefiles.prune_unused(support.ROOT / ".cache")


@pytest.fixture(scope="session")
def project() -> Project:
    return support.project()


@pytest.fixture(scope="session")
def runner() -> CodeRunner:
    """The pages' outputs' runner: a snippet runs once for its content, whoever asks first."""
    return output_runner(support.CONFIG)


@pytest.fixture(scope="session")
def shown(runner: CodeRunner, project: Project) -> Callable[[str], str]:
    """The output a page shows for a snippet, e.g. ``shown("snippets/tips/item.py")``."""
    return lambda path: runner.run_file(project.root / path).stdout


class SiteBuildFailed(Exception):
    """The strict build failed or warned: every test that needs the site errors with it."""


BUILD_FAILURE_SHOWN = pytest.StashKey[bool]()
LOG_ELSEWHERE = "the strict build failed: its log is shown once, with the first test that needed it"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """Show a failed build's log once per worker, not with each test that needs the site
    (:func:`built_site` shows it in one worker only)."""
    report = yield
    if call.excinfo is not None and call.excinfo.errisinstance(SiteBuildFailed):
        if item.config.stash.get(BUILD_FAILURE_SHOWN, False):
            report.longrepr = LOG_ELSEWHERE
        item.config.stash[BUILD_FAILURE_SHOWN] = True
    return report


def first_to_report(tmp_path_factory: pytest.TempPathFactory) -> bool:
    """Whether this process is the first of the run to report a failed build: under xdist, the
    workers' temporary folders share a parent made for this run."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return True
    marker = tmp_path_factory.getbasetemp().parent / "build-failure-reported"
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        return False
    return True


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built strictly with the recorded benchmark results."""
    with support.made_once("built_site"):
        site, status, log = support.cached_build(support.CONFIG, support.ROOT / ".cache" / "site",
                                                 BUILD_ENV)  # fmt: skip
    if (failure := build_failure(status, log)) is None:
        return site
    raise SiteBuildFailed(failure if first_to_report(tmp_path_factory) else LOG_ELSEWHERE)


def build_failure(status: int, log: str) -> str | None:
    """What a strict build that failed or warned reports; None if it did neither. A failure shows
    the end of its log without MkDocs' INFO lines (one per step and language), which bury the
    error; the build's ``--quiet`` would hide ``--strict``'s warnings too."""
    # MkDocs' own log lines; a Jupyter kernel's "[IPKernelApp] WARNING" about TCP is not one.
    warnings = [line for line in log.splitlines() if re.match(r"WARNING\s+-", line)]
    if status == 0:
        return "strict build warned:\n" + "\n".join(warnings) if warnings else None
    log = "\n".join(line for line in log.splitlines() if not re.match(r"INFO\s+-", line))
    tail = log[-6000:]
    if len(log) > len(tail) and "\n" in tail:
        tail = tail.split("\n", 1)[1]  # from a whole line
    return f"strict build failed:\n{tail}"


@pytest.fixture(scope="session")
def reader_env() -> Path:
    """The reader's venv (:func:`tests.reader_env.make`, which locks it for the workers)."""
    return reader_venv.make()


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    """The built site on a plain static server, as ``http://127.0.0.1:PORT`` (no trailing /)."""
    with served(built_site) as url:
        yield url.rstrip("/")
