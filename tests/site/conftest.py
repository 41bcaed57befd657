"""Fixtures of the built-site tests: the reader's own environment."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitebuild.audit import served

from ..support import ROOT

KERNEL = "dyndocs-reader"


def readme_install() -> str:
    """The reader's install command, as the README gives it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the notebooks", 1)[1]
    return re.search(r"^notebook-env/bin/pip install (.+)$", section, re.M)[1]


@pytest.fixture(scope="session")
def reader_env(project_root: Path) -> Path:
    """A venv made from the README's install alone, with its kernel; kept while its inputs hold."""
    install = readme_install()
    parts = [install, sys.version, (ROOT / "pyproject.toml").read_text()]
    parts += [p.read_text() for p in sorted((ROOT / "dyndocs").rglob("*.py"))]
    key = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
    env = ROOT / ".cache" / "reader-env" / key
    if not (env / "ready").exists():
        shutil.rmtree(env.parent, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
        subprocess.run(
            [str(env / "bin" / "pip"), "install", "--quiet", *install.split()],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [
                str(env / "bin" / "python"),
                "-m",
                "ipykernel",
                "install",
                "--prefix",
                str(env),
                "--name",
                KERNEL,
            ],
            check=True,
            capture_output=True,
        )
        (env / "ready").write_text("")
    return env


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    """The built site on a plain static server, as ``http://127.0.0.1:PORT`` (no trailing /)."""
    with served(built_site) as url:
        yield url.rstrip("/")
