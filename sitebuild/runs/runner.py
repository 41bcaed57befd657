"""Run example code once per content: snippet files, page code blocks, shown outputs.

Everything that runs example code goes through :class:`CodeRunner`, so code runs once per content,
whoever asks first. A success is kept under a key covering what it depends on: the code's text; the
source of every module of the readers' package it imports, directly or not (dotted names in strings
count, for code that starts another Python); the torch and Python versions; the environment the
run adds; and :data:`PROTOCOL`. A failure is not kept. Libraries such as joblib.Memory key on a
function's arguments, not on the sources a separate process will import.

Examples:
    >>> sorted(imported_modules("import dyndocs.shapes\\nfrom dyndocs import describe as d"))
    ['dyndocs', 'dyndocs.describe', 'dyndocs.shapes']
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mkdocs.exceptions import PluginError

from sitebuild.runs import cachefiles
from sitebuild.runs.zygote import COMPILER_PRELOAD, JobTimedOut, ZygotePool

PROTOCOL = 3
"""Bump when the way code is run changes what it prints, or might."""
COMPILES = re.compile(r"\btorch\.(?:compile|export|cond)\b|\btorch\._dynamo\b")
"""Code that compiles, read from its text: it forks from a zygote that has imported the compiler
too (a miss only costs the import)."""


def preload_for(code: str) -> tuple[str, ...] | None:
    """What the zygote that runs ``code`` has imported: ``None`` means the pool's own preload."""
    return COMPILER_PRELOAD if COMPILES.search(code) else None


RUN_ENV = {
    # An example's breakpoint() must never stop a test or a build.
    "PYTHONBREAKPOINT": "0",
    "PYTHONHASHSEED": "0",
    "OMP_NUM_THREADS": "1",
    "NO_MKDOCS_2_WARNING": "1",
    # A precompiled header per set of compiler flags pays only over many distinct kernels, and
    # the runs compile few; the kernels are the same.
    "TORCHINDUCTOR_CPP_CACHE_PRECOMPILE_HEADERS": "0",
}
TIMEOUT_S = 300
COMPILE_CACHE = "inductor-runs"
"""Inductor's cache for code that compiles, in ``.cache/`` beside the runs'. Inductor's default, one
/tmp folder every clone on the machine shares, would make a fresh clone's cold runs warm. The
reader's copies of blocks and notebooks (``tests/reader_runs.py``) share it, so the same torch
does not compile again what the build compiled."""


class RunFailed(PluginError):
    """Code exited with an error, timed out, or wrote into its working directory."""


@dataclass(frozen=True)
class RunResult:
    """What running one piece of code as a script produced."""

    stdout: str
    cached: bool = False


def imported_modules(code: str, package: str | None = None) -> set[str]:
    """Absolute module names ``code`` (of a module of ``package``, if given) may import:
    ``from m import name`` gives ``m.name`` too (the resolver drops attributes), relative imports
    are resolved in ``package``, and dotted names in string literals count."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.level == 0 or package is not None):
            module = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(re.findall(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", node.value))
    return found


class CodeRunner:
    """Runs code as a script in an empty working directory, forked from a zygote, once per content.

    Args:
        root: The repository root, holding the readers' package ``root / package``.
        cache_dir: Where successes are kept, one JSON file per key.
        package: The package whose sources are part of every key.
        zygotes: Where runs fork from; by default a new :class:`ZygotePool`.

    Examples:
        >>> import shutil
        >>> root = Path(tempfile.mkdtemp())
        >>> plain = ZygotePool(preload=())  # no torch to import for this example
        >>> runner = CodeRunner(root, root / "cache", package="nothing_here", zygotes=plain)
        >>> runner.run("print(6 * 7)", name="answer.py").stdout
        '42\\n'
        >>> runner.run("print(6 * 7)", name="again.py").cached
        True
        >>> plain.close(); shutil.rmtree(root)
    """

    def __init__(
        self,
        root: Path,
        cache_dir: Path,
        package: str = "dyndocs",
        zygotes: ZygotePool | None = None,
    ) -> None:
        self.root = root.resolve()
        self.cache_dir = cache_dir
        self.package = package
        self.zygotes = zygotes or ZygotePool()
        self.compile_cache = cache_dir.parent / COMPILE_CACHE

    def dependencies(self, code: str) -> list[Path]:
        """The package's source files that ``code`` imports, directly or transitively."""
        sources = sorted((self.root / self.package).rglob("*.py"))
        stamp = tuple((str(path), *_stamp(path)) for path in sources)
        return list(_dependencies(self.root, self.package, code, stamp))

    def key(self, code: str, env: Mapping[str, str] | None = None) -> str:
        """The cache key of running ``code`` with ``env`` added to the environment."""
        header = {"protocol": PROTOCOL, "run_env": RUN_ENV, "env": dict(env or {})}
        header |= {"torch": _torch_version(), "python": sys.version}
        digest = hashlib.sha256(json.dumps(header, sort_keys=True).encode())
        # Not trailing white space: it changes nothing a run does, and a page's titled fence ends
        # with one newline more than its file, which must share its run.
        digest.update(code.rstrip().encode())
        for path in self.dependencies(code):
            digest.update(path.relative_to(self.root).as_posix().encode())
            digest.update(_file_digest(path, *_stamp(path)).encode())
        return digest.hexdigest()[:20]

    def run_file(self, path: Path) -> RunResult:
        """Run the file at ``path``; its text is the key, so an identical code block shares it."""
        return self.run(path.read_text(encoding="utf-8"), name=self.display(path), script=path)

    def display(self, path: Path) -> str:
        """``path`` relative to the root, as errors name it."""
        path = path.resolve()
        return (
            path.relative_to(self.root).as_posix() if path.is_relative_to(self.root) else str(path)
        )

    def run(
        self,
        code: str,
        *,
        name: str,
        env: Mapping[str, str] | None = None,
        script: Path | None = None,
        isolate: Mapping[str, str] | None = None,
    ) -> RunResult:
        """The result of running ``code``, from the cache when its key matches.

        Args:
            name: What errors call it, e.g. ``snippets/tips/item.py``.
            env: Added to the environment, and part of the key.
            script: Run this file instead of a temporary copy of ``code`` (same text).
            isolate: Added to the environment but not to the key, e.g. a private cache folder;
                it may name another ``TORCHINDUCTOR_CACHE_DIR`` than ``compile_cache``.

        Raises:
            RunFailed: The code exited non-zero, timed out, or left files behind; the message
                names ``name`` and carries the end of its standard error.
        """
        ran = False  # by this call, rather than read from the cache

        def execute() -> str:
            nonlocal ran
            ran = True
            isolated = {"TORCHINDUCTOR_CACHE_DIR": str(self.compile_cache), **(isolate or {})}
            with (
                tempfile.TemporaryDirectory(prefix="run-") as cwd,
                tempfile.TemporaryDirectory(prefix="code-") as holder,
            ):
                # Not the block's own name: an `inspect.py` there would shadow the standard library.
                path = script or Path(holder) / "pasted_code.py"
                if script is None:
                    path.write_text(code, encoding="utf-8")
                try:
                    status, stdout, stderr = self.zygotes.run(
                        [str(path)],
                        cwd=Path(cwd),
                        start_env={**RUN_ENV, **(env or {})},  # torch reads it at import
                        env=isolated,
                        timeout_s=TIMEOUT_S,
                        preload=preload_for(code),
                    )
                except JobTimedOut as error:
                    raise RunFailed(f"{name} timed out after {TIMEOUT_S} s") from error
                left = sorted(os.listdir(cwd))
            if status != 0:
                raise RunFailed(f"{name} exited with status {status}:\n{stderr[-4000:]}")
            if left:
                raise RunFailed(f"{name} wrote {left} into its working directory")
            return json.dumps({"stdout": stdout})

        kept = json.loads(cachefiles.kept(self.cache_dir, f"{self.key(code, env)}.json", execute))
        return RunResult(kept["stdout"], cached=not ran)

    def run_many(
        self, paths: Iterable[Path], workers: int | None = None
    ) -> list[RunResult | RunFailed]:
        """Run the files at ``paths`` in parallel; a failure is returned, not raised."""

        def one(path: Path) -> RunResult | RunFailed:
            try:
                return self.run_file(path)
            except RunFailed as error:
                return error

        pending = list(paths)
        # Parsed here, one after another: two threads parsing at once can fail on Python 3.11
        # (CPython gh-106905). The threads then find each key's imports remembered.
        for path in pending:
            self.dependencies(path.read_text(encoding="utf-8"))
        with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
            return list(pool.map(one, pending))


@lru_cache(maxsize=4096)
def _dependencies(
    root: Path, package: str, code: str, stamp: tuple[tuple[str, int, int], ...]
) -> tuple[Path, ...]:
    """:meth:`CodeRunner.dependencies`, remembered while ``stamp`` (every package file's
    modification time and size) holds: a build asks for the same code in every language."""
    files: set[Path] = set()
    pending = list(imported_modules(code))
    seen: set[str] = set()
    while pending:
        module = pending.pop()
        if module in seen or module.split(".")[0] != package:  # not the package's
            continue
        seen.add(module)
        for path in _files_of(root, module):
            if path not in files:
                files.add(path)
                pending.extend(_imports_of(root, path, *_stamp(path)))
    return tuple(sorted(files))


def _files_of(root: Path, module: str) -> list[Path]:
    """The file of ``module`` and of every package above it; nothing if it is no module."""
    parts = module.split(".")
    while parts:
        base = root.joinpath(*parts)
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                parents = [root.joinpath(*parts[:n], "__init__.py") for n in range(1, len(parts))]
                return [p for p in parents if p.is_file()] + [candidate]
        parts = parts[:-1]  # `from package import name`: name may be an attribute
    return []


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


@lru_cache(maxsize=512)
def _imports_of(root: Path, path: Path, mtime_ns: int, size: int) -> frozenset[str]:
    """:func:`imported_modules` of the file ``path``, cached per file version."""
    package = ".".join(path.relative_to(root).parent.parts)
    return frozenset(imported_modules(path.read_text(encoding="utf-8"), package))


@lru_cache(maxsize=512)
def _file_digest(path: Path, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@lru_cache(maxsize=1)
def _torch_version() -> str:
    return importlib.metadata.version("torch")
