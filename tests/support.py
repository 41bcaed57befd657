"""Shared helpers for the tests: where things are (read from ``mkdocs.yml``), and the site build."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

from filelock import FileLock

from sitebuild.project import Project, load
from sitebuild.runs import cachefiles

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "mkdocs.yml"
TEST_REPO_URL = "https://github.com/example/pytorch-dynamic-graph-guide"
"""The repository the test build names (as the deploy workflow does), so Colab links are made."""


def made_once(name: str) -> FileLock:
    """The lock of the shared resource ``name``, held while it is made or read from the cache:
    ``with made_once("built_site"): ...`` lets the first worker build and the others read."""
    return FileLock(ROOT / ".cache" / "locks" / f"{name}.lock")


@cache
def project() -> Project:
    return load(CONFIG)


def locales() -> tuple[str, ...]:
    return project().locales


def pages(locale: str) -> list[Path]:
    return project().pages(locale)


def docs(locale: str) -> Path:
    return project().docs_dir / locale


BUILD_INPUTS = (
    "mkdocs.yml",
    "pyproject.toml",
    "requirements.lock",
    "docs",
    "snippets",
    "dyndocs",
    "sitebuild",
    "overrides",
    "i18n",
    "benchmarks",
    "examples",  # the bad-input projects' own examples
)
"""What a site build reads: a cached build is reused only while all of these are unchanged."""


def build_key(config: Path, env: dict[str, str]) -> str:
    """Digest of everything a build of ``config`` depends on: the files of :data:`BUILD_INPUTS`
    and of what it inherits, the installed distributions, Python and the environment it adds."""
    root = config.parent
    digest = hashlib.sha256()
    digest.update(json.dumps([sys.version, sorted(env.items())]).encode())
    distributions = sorted(
        f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()
    )
    digest.update("\n".join(distributions).encode())
    inherited = re.findall(r"^INHERIT:\s*(\S+)", config.read_text(encoding="utf-8"), re.MULTILINE)
    for name, base in [(n, root / n) for n in BUILD_INPUTS] + [(i, root / i) for i in inherited]:
        real = base.resolve()  # the bad-input projects link their inputs to the real ones
        files = [real] if real.is_file() else sorted(p for p in real.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" in path.parts:
                continue
            digest.update(f"{name}/{path.relative_to(real).as_posix()}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def cached_build(
    config: Path, cache_dir: Path, env: dict[str, str], *, keep_failures: bool = False
) -> tuple[Path, int, str]:
    """Build ``config`` with ``mkdocs build --strict``, or reuse the build of the same inputs;
    return site, status, log. A failed build is kept only with ``keep_failures`` (the bad-input
    tests, whose builds are meant to fail)."""
    folder = cache_dir / build_key(config, env)
    if (record := folder / "build.json").exists():
        kept = json.loads(record.read_text(encoding="utf-8"))
        return folder / "site", kept["status"], kept["log"]
    build = ["-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(folder / "site")]
    done = subprocess.run(
        [sys.executable, *build],
        cwd=config.parent,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONBREAKPOINT": "0", **env},
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if done.returncode == 0 or keep_failures:
        cachefiles.write_text(record, json.dumps({"status": done.returncode, "log": done.stderr}))
        for old in cache_dir.iterdir():  # keep only the latest build of this config
            if old.name != folder.name:
                shutil.rmtree(old, ignore_errors=True)
    return folder / "site", done.returncode, done.stderr
