"""Output blocks: what a snippet file prints, produced by running it.

A page shows a snippet's output with an include line inside a fence::

    ```text
    --8<-- "run:snippets/debugging/item.py"
    ```

The build replaces that line with the file's standard output. Outputs are cached
under ``.cache/outputs``, keyed by the snippet, the ``dyndocs`` sources and the
torch version, so edits to prose never re-run code and the three languages share
one run.

Examples:
    >>> from dyndocs.site.outputs import RUN_LINE
    >>> RUN_LINE.match('--8<-- "run:snippets/a.py"')["path"]
    'snippets/a.py'
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from dyndocs.site import ROOT

RUN_LINE = re.compile(r'^(?P<indent>[ \t]*)-{1,}8<-{1,}\s+"run:(?P<path>[^"]+)"\s*$')
CACHE = ROOT / ".cache" / "outputs"
TIMEOUT_S = 300
SNIPPET_ENV = {
    # Tests and builds must never stop at a breakpoint() left in an example.
    "PYTHONBREAKPOINT": "0",
    "PYTHONHASHSEED": "0",
    "OMP_NUM_THREADS": "1",
    "NO_MKDOCS_2_WARNING": "1",
}


class SnippetFailed(Exception):
    """A snippet file exited with an error or wrote into its working directory."""


@dataclass(frozen=True)
class Run:
    """The result of running one snippet file as a script."""

    path: Path
    stdout: str
    stderr: str
    left_files: tuple[str, ...]


def _sources_digest() -> str:
    """Digest of what examples import: ``dyndocs`` without its build and benchmark code."""
    sources = [
        path
        for path in sorted((ROOT / "dyndocs").rglob("*.py"))
        if not {"site", "bench"} & set(path.relative_to(ROOT / "dyndocs").parts)
    ]
    return _digest(tuple((str(p), p.stat().st_mtime_ns) for p in sources))


@lru_cache(maxsize=8)
def _digest(stamped: tuple[tuple[str, int], ...]) -> str:
    # Keyed on modification times: read once per build, not once per snippet and language.
    import torch

    digest = hashlib.sha256()
    for path, _ in stamped:
        digest.update(Path(path).read_bytes())
    digest.update(f"{torch.__version__} {sys.version}".encode())
    return digest.hexdigest()


def cache_path(snippet: Path) -> Path:
    """Where the output of ``snippet`` is cached for its current contents."""
    key = hashlib.sha256(snippet.read_bytes() + _sources_digest().encode()).hexdigest()[:16]
    return CACHE / f"{snippet.resolve().relative_to(ROOT)}.{key}.txt"


def run_snippet(snippet: Path, *, env: dict[str, str] | None = None) -> Run:
    """Run ``snippet`` as a script in an empty working directory.

    Raises:
        SnippetFailed: It exited non-zero or timed out; the message names the file.
    """
    snippet = snippet.resolve()
    name = snippet.relative_to(ROOT) if snippet.is_relative_to(ROOT) else snippet
    with tempfile.TemporaryDirectory(prefix="snippet-") as cwd:
        try:
            done = subprocess.run(
                [sys.executable, str(snippet)],
                cwd=cwd,
                env={**os.environ, **SNIPPET_ENV, **(env or {})},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=TIMEOUT_S,
            )
        except subprocess.TimeoutExpired as error:
            raise SnippetFailed(f"{name} timed out after {TIMEOUT_S} s") from error
        left = tuple(sorted(os.listdir(cwd)))
    if done.returncode != 0:
        raise SnippetFailed(f"{name} exited with status {done.returncode}:\n{done.stderr[-4000:]}")
    return Run(snippet, done.stdout, done.stderr, left)


def store(run: Run) -> None:
    """Cache the output of a successful ``run``."""
    target = cache_path(run.path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(run.stdout, encoding="utf-8")


def output_of(snippet: Path) -> str:
    """Return the cached output of ``snippet``, running it first if needed."""
    target = cache_path(snippet)
    if not target.exists():
        store(run_snippet(snippet))
    return target.read_text(encoding="utf-8")


def shown_snippets(pages: Iterable[Path]) -> list[Path]:
    """The snippet files whose output ``pages`` show, each once."""
    found: dict[Path, None] = {}
    for page in pages:
        for line in page.read_text(encoding="utf-8").splitlines():
            if match := RUN_LINE.match(line):
                found[(ROOT / match["path"]).resolve()] = None
    return list(found)


def prepare(pages: Iterable[Path], workers: int | None = None) -> None:
    """Run, in parallel, every snippet whose output ``pages`` show and whose cache is stale."""
    stale = [s for s in shown_snippets(pages) if s.exists() and not cache_path(s).exists()]
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        for run in pool.map(run_snippet, stale):
            store(run)


class RunOutputPreprocessor(Preprocessor):
    """Replace ``--8<-- "run:PATH"`` lines with the output of running ``PATH``."""

    def run(self, lines: list[str]) -> list[str]:
        expanded: list[str] = []
        for line in lines:
            match = RUN_LINE.match(line)
            if match is None:
                expanded.append(line)
                continue
            snippet = ROOT / match["path"]
            if not snippet.is_file():
                raise SnippetFailed(f"Snippet at path '{match['path']}' could not be found")
            output = output_of(snippet).rstrip("\n")
            if not output:
                raise SnippetFailed(f"'{match['path']}' printed nothing to show")
            expanded.extend(match["indent"] + out for out in output.split("\n"))
        return expanded


class RunOutputExtension(Extension):
    """Python-Markdown extension that registers :class:`RunOutputPreprocessor`."""

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 33 runs before pymdownx.snippets (32), so its include syntax is ours first.
        md.preprocessors.register(RunOutputPreprocessor(md), "run_output", 33)


def makeExtension(**kwargs: Any) -> RunOutputExtension:
    return RunOutputExtension(**kwargs)
