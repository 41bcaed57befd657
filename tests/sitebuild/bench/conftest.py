"""Fixtures of the benchmark tests: the recorded run and the interface strings."""

from __future__ import annotations

from typing import Any

import pytest

from sitebuild.bench.suite import read
from sitebuild.languages.strings import Strings
from sitebuild.project import Project


@pytest.fixture(scope="module")
def recorded(project: Project) -> dict[str, Any]:
    """``benchmarks/recorded.json``: the full run the pages' claims are checked against."""
    return read(project.root / "benchmarks" / "recorded.json")  # its format checked


@pytest.fixture(scope="module")
def strings(project: Project) -> Strings:
    return Strings.load(project.i18n, project.locales)
