"""The reader's venv, where the notebook and copy-paste checks run: made with ``python -m venv``
and the README's install line alone (uv installs, :mod:`sitebuild.install`), with its Jupyter
kernel. It is kept in ``.cache/reader-env/<key>`` while what it is made from holds (:func:`key`).
``make test`` makes it before the tests start; the ``reader_env`` fixture, when it is missing.

Usage::

    .venv/bin/python -m tests.reader_env   # makes it if needed, and says where it is
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

from filelock import FileLock

from sitebuild import install as installer

ROOT = Path(__file__).resolve().parents[1]
KERNEL = "dyndocs-reader"
"""The Jupyter kernel the reader's venv installs; its notebooks run on it."""


def readme_install(root: Path = ROOT) -> str:
    """The reader's install command, as the README gives it."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the examples", 1)[-1]
    if (found := re.search(r"^examples-env/bin/pip install (.+)$", section, re.M)) is None:
        raise LookupError("README.md, ## Run the examples: no `examples-env/bin/pip install` line")
    return found[1]


def key(root: Path = ROOT) -> str:
    """What the venv is made from, as a digest: a change to any part makes a new one."""
    parts = [readme_install(root), sys.version, (root / "pyproject.toml").read_text()]
    parts += [Path(installer.__file__).read_text(), Path(__file__).read_text()]  # how it is made
    parts += [p.read_text() for p in sorted((root / "dyndocs").rglob("*.py"))]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def make(root: Path = ROOT, python: str = sys.executable) -> Path:
    """The reader's venv, made with ``python`` unless it is ready; returns its folder. One process
    makes it at a time (a file lock), so the Makefile and a test run do not both make it.

    Raises:
        RuntimeError: A step failed; the message gives the command and its error output.
    """
    folder = root / ".cache" / "reader-env"
    env = folder / key(root)
    with FileLock(folder.parent / "reader-env.lock"):  # which makes .cache
        if (env / "ready").exists():
            return env
        shutil.rmtree(folder, ignore_errors=True)  # an older key's venv, or a half-made one
        reader_python = env / "bin" / "python"
        kernel = [str(reader_python), "-m", "ipykernel", "install", "--prefix", str(env),
                  "--name", KERNEL]  # fmt: skip
        # Without pip or setuptools: the runs prove neither is needed.
        run(root, [python, "-m", "venv", "--without-pip", str(env)])
        run(root, *installer.command(reader_python, readme_install(root).split()))
        run(root, kernel)
        (env / "ready").write_text("")
    return env


def run(root: Path, argv: list[str], env: dict[str, str] | None = None) -> None:
    done = subprocess.run(argv, cwd=root, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the reader's venv: {' '.join(argv)} failed:\n{done.stderr}")


if __name__ == "__main__":
    print(f"The reader's venv: {make().relative_to(ROOT)}")
