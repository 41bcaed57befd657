"""Fixtures shared by the tests: the project, the code runner, and one strict site build.

The strict build uses the benchmark results recorded with the repository
(``DYNDOCS_BENCH=recorded``), so every claim on every page is checked against real data and no
timing is taken in the test suite. It is kept under ``.cache/site/`` and reused while nothing it
reads has changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from sitebuild.project import Project
from sitebuild.runs import CodeRunner

from . import support


@pytest.fixture(scope="session")
def project_root() -> Path:
    return support.ROOT


@pytest.fixture(scope="session")
def project() -> Project:
    return support.project()


@pytest.fixture(scope="session")
def runner(project: Project) -> CodeRunner:
    """The runner the build uses too: a snippet runs once for its content, whoever asks first."""
    return CodeRunner(project.root, project.cache / "runs")


@pytest.fixture(scope="session")
def shown(runner: CodeRunner, project: Project) -> Callable[[str], str]:
    """The output a page shows for a snippet, e.g. ``shown("snippets/tips/item.py")``."""

    def output(path: str) -> str:
        return runner.run_file(project.root / path).stdout

    return output


@pytest.fixture(scope="session")
def built_site(project: Project) -> Path:
    """The whole site, built strictly with the recorded benchmark results."""
    env = {"DYNDOCS_BENCH": "recorded", "REPO_URL": support.TEST_REPO_URL}
    site, status, log = support.cached_build(support.CONFIG, project.cache / "site", env)
    assert status == 0, f"strict build failed:\n{log[-6000:]}"
    # MkDocs' own log lines; a Jupyter kernel's "[IPKernelApp] WARNING" about TCP is not one.
    warnings = [line for line in log.splitlines() if re.match(r"WARNING\s+-", line)]
    assert not warnings, "build warnings:\n" + "\n".join(warnings)
    return site
