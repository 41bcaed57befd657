"""Installs packages into a venv with uv: from the sources pip is configured with, if any (uv
reads neither ``pip.conf`` nor ``PIP_*``), else from the project's (``pyproject.toml``: torch's
CPU build on Linux, where PyPI's is the CUDA build). A pip setting that changes what is installed
and that uv is not given stops it, named, so uv never quietly installs from elsewhere.

Usage::

    .venv/bin/python -m sitebuild.install -c requirements.lock -e .   # into this Python's venv
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

SOURCES = frozenset({"index-url", "extra-index-url", "find-links", "constraint"})
"""pip's settings that name sources (a list of them, spaced, but for ``index-url``); uv's option
of the same name takes each."""
FLAGS = {"no-index": "--no-index", "pre": "--prerelease=allow"}
IGNORED = frozenset({
    "timeout", "default-timeout", "retries", "disable-pip-version-check", "no-cache-dir",
    "cache-dir", "progress-bar", "quiet", "verbose", "no-color", "log", "root-user-action",
    "require-virtualenv", "no-input", "cert", "trusted-host", "config-file",
})  # fmt: skip
"""Settings that change how pip downloads or talks, not what it installs (``cert`` is passed as
``SSL_CERT_FILE``, which uv reads)."""
SECTIONS = ("global", "install", ":env:")
"""The sections ``pip install`` reads, each overriding the one before."""
WHERE_FROM = frozenset({"--index-url", "--extra-index-url", "--find-links", "--no-index"})
"""uv's options that say where packages come from: given any, the project's sources are not used."""
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def settings(listing: str) -> dict[str, str]:
    """pip's settings for ``pip install``, from the text ``pip config list`` prints: for example
    ``{"find-links": "/v"}`` from ``global.find-links='/w'``, ``:env:.find-links='/v'`` and
    ``download.dest='d'``."""
    by_section: dict[str, dict[str, str]] = {section: {} for section in SECTIONS}
    for line in listing.splitlines():
        name, _, value = line.partition("=")
        section, _, key = name.rpartition(".")
        if section in by_section:
            by_section[section][key] = ast.literal_eval(value)
    return {k: v for section in SECTIONS for k, v in by_section[section].items()}


def uv_options(pip_settings: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """uv's options and environment for the sources of ``pip_settings`` (with ``--no-sources`` if
    it names any): ``(["--find-links", "/w", "--find-links", "/v", "--no-sources"],
    {"SSL_CERT_FILE": "/ca.pem"})`` from ``{"find-links": "/w /v", "cert": "/ca.pem"}``.

    Raises:
        ValueError: A setting uv is not given here; the message names it.
    """
    options: list[str] = []
    env: dict[str, str] = {}
    for key, value in pip_settings.items():
        if key in SOURCES:
            options += [part for item in value.split() for part in (f"--{key}", item)]
        elif key in FLAGS:
            if value.strip().lower() in {"1", "true", "yes", "on"}:
                options.append(FLAGS[key])
        elif key == "cert":
            env["SSL_CERT_FILE"] = value
        elif key not in IGNORED:
            raise ValueError(
                f"pip's configuration sets {key!r} (see `pip config list`), which the installer "
                "(sitebuild/install.py) does not pass to uv: unset it, or teach the installer"
            )
    if WHERE_FROM.intersection(options):
        options.append("--no-sources")
    return options, env


def explain(error: str, pyproject: Path, environ: Mapping[str, str]) -> str:
    """A line naming the index of ``pyproject``'s ``[[tool.uv.index]]`` whose URL uv's ``error``
    holds, and where it is set (``UV_INDEX=<name>=<url>`` overrides it, as in uv); else ``""``."""
    overrides = dict(item.partition("=")[::2] for item in environ.get("UV_INDEX", "").split())
    uv = tomllib.loads(pyproject.read_text()).get("tool", {}).get("uv", {})
    for table in uv.get("index", []):
        where = f"{pyproject.name}, [[tool.uv.index]] {table.get('name', table['url'])}"
        if (url := overrides.get(table.get("name"), table["url"])) != table["url"]:
            where = f"UV_INDEX={table['name']}={url}, over {where}"
        if url.rstrip("/") in error:
            return f"could not reach the package index {url} ({where}); uv's error follows\n"
    return ""


def command(
    python: Path, args: Sequence[str], environ: Mapping[str, str] | None = None
) -> tuple[list[str], dict[str, str]]:
    """The uv command that installs ``args`` into ``python``'s venv, and its environment, for a
    process environment ``environ`` (by default this one's: pip's ``PIP_*`` variables count)."""
    from uv import find_uv_bin  # the project's venv has it; the reader's venv is made from there

    environ = dict(os.environ if environ is None else environ)
    pip_config = [sys.executable, "-m", "pip", "config", "list"]
    listing = subprocess.run(pip_config, check=True, capture_output=True, text=True, env=environ)
    options, env = uv_options(settings(listing.stdout))
    # Bytecode now: where PYTHONDONTWRITEBYTECODE is set (here), each run would compile torch again.
    uv = [find_uv_bin(), "pip", "install", "--quiet", "--compile-bytecode", "--python", str(python)]
    # As pip does: the best version across all indexes, not the first index's that has it.
    return [*uv, "--index-strategy", "unsafe-best-match", *options, *args], {**env, **environ}


def install(
    python: Path, args: Sequence[str], environ: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Installs ``args`` (``pip install``'s arguments) into ``python``'s venv; uv's result, with
    a failure to fetch from one of the project's indexes named first (:func:`explain`)."""
    argv, env = command(python, args, environ)
    done = subprocess.run(argv, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        done.stderr = explain(done.stderr, PYPROJECT, env) + done.stderr
    return done


if __name__ == "__main__":
    done = install(Path(sys.executable), sys.argv[1:])
    sys.stderr.write(done.stdout + done.stderr)
    sys.exit(done.returncode)
