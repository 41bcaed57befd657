"""Installs packages into a venv with uv, from the sources pip is configured with, if any, else
from the project's own: torch's CPU build from the PyTorch CPU index on Linux (``pyproject.toml``,
``[tool.uv.sources]``), where PyPI's wheel is the CUDA build.

On 2 cores, uv installs the project's packages in about 15 s and the reader's in 7 s, where pip
took 71 s and 72 s. But uv does not read pip's
configuration (``pip.conf``, ``PIP_*``), and that is where a machine says where its wheels lie:
this one's CPU build of torch is in a find-links folder. No library maps one to the other, so
this module reads pip's settings with ``pip config list`` and gives uv the same sources. A key
that changes what pip would install and that it cannot pass on stops it, named, so uv never
quietly installs from elsewhere. A machine whose pip names sources of its own (this one, CI with
a mirror) installs with ``--no-sources``, so torch too comes from them; a reader's, with PyPI alone,
gets the project's sources.

uv resolves across all indexes, as pip does (``--index-strategy unsafe-best-match``): by default
it takes a package from the first index that has it. Then :func:`byte_compile` byte-compiles the
venv on every core, as pip does one file after another: a machine may set
``PYTHONDONTWRITEBYTECODE`` (this one does), and then every process that imports torch compiles
it again. It skips what no run imports: the packages' own test suites, torch's test helpers (one
file there is Python 3.12 syntax) and mypy, which only lint runs.

A second venv installed from the same uv cache holds the same files: uv hard-links them, so a
module's source is one file in both. :func:`share_bytecode` links the first venv's bytecode of
those files into the second before it is byte-compiled, which then compiles only what differs.
On 2 cores the project's venv now takes about 40 s in all, and the reader's 6 s (it took 32 s).

Usage::

    .venv/bin/python -m sitebuild.install -c requirements.lock -e .   # into this Python's venv
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

LISTS = {"extra-index-url": "--extra-index-url", "find-links": "--find-links",
         "constraint": "--constraint"}  # fmt: skip
"""pip's settings that hold a list of sources, and uv's option for each."""
SINGLE = {"index-url": "--index-url"}
FLAGS = {"no-index": "--no-index", "pre": "--prerelease=allow"}
IGNORED = frozenset({
    "timeout", "default-timeout", "retries", "disable-pip-version-check", "no-cache-dir",
    "cache-dir", "progress-bar", "quiet", "verbose", "no-color", "log", "root-user-action",
    "require-virtualenv", "no-input", "cert", "trusted-host", "config-file",
})  # fmt: skip
"""Settings that change how pip downloads or talks, not what it installs (``cert`` is passed as
``SSL_CERT_FILE``, which uv reads)."""
SKIPPED = r"/(tests?|torch/testing/_internal|mypyc?)/"
"""The folders :func:`byte_compile` leaves to be compiled when imported."""
SECTIONS = ("global", "install", ":env:")
"""The sections ``pip install`` reads, each overriding the one before."""
SOURCES = frozenset({"--index-url", "--extra-index-url", "--find-links", "--no-index"})
"""uv's options that say where packages come from: given any, the project's sources are not used."""
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
"""The root project's, whose ``[[tool.uv.index]]`` tables a failed install is checked against."""


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
    """uv's options and environment for the same sources as ``pip_settings``, with
    ``--no-sources`` if it names any: for example ``(["--find-links", "/w", "--find-links", "/v",
    "--no-sources"], {"SSL_CERT_FILE": "/ca.pem"})`` from ``{"find-links": "/w /v", "timeout":
    "60", "cert": "/ca.pem"}``, and ``([], {})`` from ``{"timeout": "60"}``.

    Raises:
        ValueError: A setting uv is not given here; the message names it.
    """
    options: list[str] = []
    env: dict[str, str] = {}
    for key, value in pip_settings.items():
        if key in LISTS:
            options += [part for item in value.split() for part in (LISTS[key], item)]
        elif key in SINGLE:
            options += [SINGLE[key], value]
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
    if SOURCES.intersection(options):
        options.append("--no-sources")
    return options, env


def indexes(pyproject: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """The URL of each of ``pyproject``'s ``[[tool.uv.index]]`` tables, and where it is set:
    ``{"https://download.pytorch.org/whl/cpu": "pyproject.toml, [[tool.uv.index]] pytorch-cpu"}``,
    or the URL that ``UV_INDEX=pytorch-cpu=<url>`` in ``environ`` sets in its place, as uv does."""
    overrides = dict(item.partition("=")[::2] for item in environ.get("UV_INDEX", "").split())
    found: dict[str, str] = {}
    uv = tomllib.loads(pyproject.read_text()).get("tool", {}).get("uv", {})
    for table in uv.get("index", []):
        name = table.get("name")
        where = f"{pyproject.name}, [[tool.uv.index]] {name or table['url']}"
        if name in overrides:
            url, where = overrides[name], f"UV_INDEX={name}={overrides[name]}, over {where}"
        else:
            url = table["url"]
        found[url.rstrip("/")] = where
    return found


def explain(error: str, pyproject: Path, environ: Mapping[str, str]) -> str:
    """The line that names the project's index in uv's ``error`` if it failed to fetch from it,
    such as ``could not reach the package index http://127.0.0.1:9/simple (UV_INDEX=...)``; or
    ``""``."""
    try:
        found = indexes(pyproject, environ)
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return ""  # uv's own error names the pyproject.toml it could not read
    for url, where in found.items():
        if url in error:
            return f"could not reach the package index {url} ({where}); uv's error follows\n"
    return ""


def command(
    python: Path, args: Sequence[str], environ: Mapping[str, str] | None = None
) -> tuple[list[str], dict[str, str]]:
    """The uv command that installs ``args`` into ``python``'s venv, and its environment, for a
    process environment ``environ`` (by default this one's: pip's ``PIP_*`` variables count)."""
    from uv import find_uv_bin  # the project's venv has it; the reader's venv is made from there

    environ = dict(os.environ if environ is None else environ)
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"], check=True, capture_output=True,
        text=True, env=environ,
    ).stdout  # fmt: skip
    options, env = uv_options(settings(listing))
    uv = [find_uv_bin(), "pip", "install", "--quiet", "--python", str(python)]
    return [*uv, "--index-strategy", "unsafe-best-match", *options, *args], {**env, **environ}


def byte_compile(python: Path, processes: int | None = None) -> subprocess.CompletedProcess[str]:
    """Byte-compiles ``python``'s venv, but for what no run imports (SKIPPED): one ``compileall``
    per core, each handed its share of the files; the result of the one that failed, or of the last.

    ``compileall -j N`` hands each file to a worker on its own. For a venv's 9,000 files on 2 cores
    that took 36 s and 66 CPU-seconds, against 23 s and 44 here, and checking a venv already
    compiled took 8 s instead of 1.
    """
    lib = python.parent.parent / "lib"
    files = sorted(str(path) for path in lib.rglob("*.py") if not re.search(SKIPPED, str(path)))
    count = processes or os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as lists:
        running = []
        for share in range(count):
            listed = Path(lists) / f"share-{share}.txt"
            listed.write_text("\n".join(files[share::count]) + "\n", encoding="utf-8")
            argv = [str(python), "-m", "compileall", "-q", "-i", str(listed)]
            running.append(subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                            text=True))  # fmt: skip
        results = []
        for process in running:
            stdout, stderr = process.communicate()
            results.append(
                subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
            )
    return next((done for done in results if done.returncode != 0), results[-1])


def share_bytecode(source_lib: Path, target_lib: Path) -> int:
    """Hard-links into ``target_lib`` each bytecode file of ``source_lib`` whose source is the
    very same file in both (one inode: uv linked both from its cache), so its bytecode, which
    records the source's size and time, is valid in both; returns how many it linked.

    A file whose source differs, or that either side lacks, is left to ``compileall``.
    """
    linked = 0
    for cached in source_lib.rglob("__pycache__/*.pyc"):
        module = cached.name.split(".", 1)[0] + ".py"
        source = cached.parent.parent / module
        relative = cached.relative_to(source_lib)
        target = target_lib / relative
        twin = target.parent.parent / module
        if target.exists() or not twin.exists() or not source.exists():
            continue
        if not os.path.samefile(source, twin):
            continue
        target.parent.mkdir(exist_ok=True)
        os.link(cached, target)
        linked += 1
    return linked


def install(
    python: Path, args: Sequence[str], environ: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Installs ``args`` (``pip install``'s arguments) into ``python``'s venv, byte-compiled;
    the output of the step that failed, or of the last. A failure to fetch from one of the
    project's indexes is named first, with where it is set (:func:`explain`)."""
    argv, env = command(python, args, environ)
    done = subprocess.run(argv, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        done.stderr = explain(done.stderr, PYPROJECT, env) + done.stderr
        return done
    return byte_compile(python)


if __name__ == "__main__":
    done = install(Path(sys.executable), sys.argv[1:])
    sys.stderr.write(done.stdout + done.stderr)
    sys.exit(done.returncode)
