"""Fixtures of the built-site tests: the reader's own environment, what runs in it, a server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sitebuild.audit import served

from ..resources import ReaderRuns, Resources


@pytest.fixture(scope="session")
def reader_env(resources: Resources) -> Path:
    """A venv made from the README's install alone, with its kernel; kept while its inputs hold."""
    return resources.get("reader_env")  # type: ignore[return-value]


@pytest.fixture(scope="session")
def reader_runs(built_site: Path, reader_env: Path, resources: Resources) -> ReaderRuns:
    """What failed of the copied blocks and the notebooks, run in the reader's venv."""
    return resources.get("reader_runs")  # type: ignore[return-value]


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    """The built site on a plain static server, as ``http://127.0.0.1:PORT`` (no trailing /)."""
    with served(built_site) as url:
        yield url.rstrip("/")
