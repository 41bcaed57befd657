"""What a reader runs, in the reader's venv (:mod:`tests.reader_env`): each titled code block of
the built site pasted alone, and each English notebook top to bottom in a fresh kernel.

A block runs as ``python -c`` in an empty folder, forked from a zygote of the venv's Python
(:mod:`sitebuild.runs.zygote`), so it starts with empty globals as a reader's would. A pass is
remembered by its code and the venv (``.cache/copy-paste/``, ``.cache/notebook-runs/``).
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import nbformat

from sitebuild.pages.comments import Code, code_of
from sitebuild.runs import cachefiles
from sitebuild.runs.runner import COMPILE_CACHE, preload_for
from sitebuild.runs.zygote import ZygotePool

from .reader_env import KERNEL
from .support import ROOT, locales, pages, project

BLOCK = re.compile(
    r'<div [^>]*class="language-python highlight"><span class="filename">(?P<title>[^<]+)</span>'
    r"<pre>.*?<code>(?P<code>.*?)</code></pre>",
    re.DOTALL,
)
FILE_PATH = re.compile(r"^[\w.-]+(?:/[\w.-]+)+\.py$")
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
"""The colour codes of IPython's tracebacks, which a failure message drops."""
Job = Callable[[Path], str | None]
"""A check run in an empty folder: its failure, or None."""
COMPILED_IN = {"TORCHINDUCTOR_CACHE_DIR": str(ROOT / ".cache" / COMPILE_CACHE)}
"""The blocks and notebooks compile into the build's Inductor cache (``COMPILE_CACHE``)."""


def titled_blocks(page: str) -> list[tuple[str, str]]:
    """``(title, code)`` of each Python block whose title is a file path, as copied."""
    found = []
    for match in BLOCK.finditer(page):
        title = html.unescape(match["title"]).strip()
        if FILE_PATH.match(title):
            code = html.unescape(re.sub(r"<[^>]+>", "", match["code"]))
            found.append((title, code))
    return found


def blocks_by_language(site: Path) -> dict[str, list[tuple[str, str, str]]]:
    """``(page, title, code)`` of every titled block of the built ``site``, by language."""
    found: dict[str, list[tuple[str, str, str]]] = {locale: [] for locale in locales()}
    for path in sorted(site.rglob("index.html")):
        page = path.relative_to(site)
        locale = page.parts[0] if page.parts[0] in locales() else locales()[0]
        for title, code in titled_blocks(path.read_text(encoding="utf-8")):
            found[locale].append((str(page), title, code))
    return found


def failures(done_dir: Path, jobs: Mapping[str, Job], workers: int) -> list[str]:
    """Run in parallel, each in an empty folder of its own, the jobs whose key has no pass kept in
    ``done_dir``; keep their passes, return their failures."""

    def run(key: str, job: Job) -> str | None:
        marker = done_dir / f"{hashlib.sha256(key.encode()).hexdigest()[:20]}.ok"
        if cachefiles.read_text(marker) is not None:  # marks it used
            return None
        with tempfile.TemporaryDirectory(prefix="reader-run-") as workdir:
            failure = job(Path(workdir))
        if failure is None:
            cachefiles.write_text(marker, "")
        return failure

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return [failure for failure in pool.map(run, jobs, jobs.values()) if failure]


def run_blocks(site: Path, env: Path, zygotes: ZygotePool | None = None) -> list[str]:
    """Run the titled blocks of every language alone in ``env``, forked from ``zygotes`` (by
    default ``env``'s Python; closed when done); return the failures, each naming its page and
    title with the end of its error. Every copy is compiled; each distinct code
    (:func:`~sitebuild.pages.comments.code_of`) runs once, in its first language's copy."""
    unique: dict[Code, tuple[str, str, str]] = {}
    broken: list[str] = []
    for blocks in blocks_by_language(site).values():
        for page, title, code in blocks:
            try:
                unique.setdefault(code_of(code, f"{page}: {title}"), (page, title, code))
            except SyntaxError as error:
                broken.append(f"{page}: {title}:\n{error!r}")
    zygotes = zygotes or ZygotePool(python=str(env / "bin" / "python"))

    def run(page: str, title: str, code: str, workdir: Path) -> str | None:
        # Its standard input is empty: a block that opens pdb reads end of input and goes on.
        status, _, stderr = zygotes.run(
            ["-c", code],
            cwd=workdir,
            start_env={},
            env=COMPILED_IN,
            timeout_s=600,
            preload=preload_for(code),  # as sitebuild.runs.runner does
        )
        return f"{page}: {title}:\n{stderr.strip()[-1200:]}" if status != 0 else None

    try:
        jobs = {
            code + env.name: partial(run, page, title, code)
            for page, title, code in unique.values()
        }
        return broken + failures(ROOT / ".cache" / "copy-paste", jobs, workers=2)
    finally:
        zygotes.close()


def articles() -> list[Path]:
    """The default language's article pages, relative to its docs folder."""
    return [page for page in pages(locales()[0]) if project().is_article(page)]


def notebook_path(site: Path, locale: str, page: Path) -> Path:
    return site / project().language_root(locale) / page.with_suffix("") / f"{page.stem}.ipynb"


def code_cells(notebook: nbformat.NotebookNode) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def run_notebooks(site: Path, env: Path, chosen: list[Path] | None = None) -> list[str]:
    """Run the English notebook of each ``chosen`` article (by default all) in a fresh kernel of
    ``env``; return the failures, each naming its page, cell and error."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    # The venv's own kernel, found without JUPYTER_PATH: other tests share os.environ.
    kernels = KernelSpecManager(kernel_dirs=[str(env / "share" / "jupyter" / "kernels")])

    def run(page: Path, notebook: nbformat.NotebookNode, workdir: Path) -> str | None:
        client = NotebookClient(
            notebook,
            km=KernelManager(kernel_name=KERNEL, kernel_spec_manager=kernels),
            timeout=600,
            resources={"metadata": {"path": str(workdir)}},
        )
        try:
            # cleanup_kc: given its manager, nbclient would otherwise leave the kernel running
            # until pytest exits, and its connection file in /tmp for good.
            client.execute(cleanup_kc=True, env={**os.environ, **COMPILED_IN})
        except Exception as error:  # the cell and its error, as a reader would see them
            return f"{page}: {ANSI_COLOUR.sub('', str(error))[-1500:]}"
        return None

    jobs = {}
    for page in chosen or articles():
        notebook = nbformat.read(str(notebook_path(site, locales()[0], page)), 4)
        jobs["\n".join(code_cells(notebook)) + env.name] = partial(run, page, notebook)
    return failures(ROOT / ".cache" / "notebook-runs", jobs, workers=os.cpu_count() or 1)
