"""Fixtures of the built-site tests: the reader's own environment, a server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sitebuild.audit.lighthouse import served

from .. import reader_env as reader_venv


@pytest.fixture(scope="session")
def reader_env() -> Path:
    """A venv made from the README's install alone, with its kernel; kept while its inputs hold
    (``make test`` makes it before the tests start; ``make`` locks it for the workers itself)."""
    return reader_venv.make()


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    """The built site on a plain static server, as ``http://127.0.0.1:PORT`` (no trailing /)."""
    with served(built_site) as url:
        yield url.rstrip("/")
