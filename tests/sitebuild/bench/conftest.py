"""Fixtures of the benchmark tests: the recorded run and the interface strings."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sitebuild.languages.strings import Strings
from sitebuild.project import Project


@pytest.fixture(scope="module")
def recorded(project: Project) -> dict[str, Any]:
    """``benchmarks/recorded.json``: the full run the pages' claims are checked against."""
    return json.loads((project.root / "benchmarks" / "recorded.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def strings(project: Project) -> Strings:
    return Strings.load(project.i18n, project.locales)
