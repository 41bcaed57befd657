"""Collect the English pages and the packages' docstrings as tests (Sybil).

Pages are tested as rendered, their ``--8<--`` includes expanded as the site build does
(:mod:`sitebuild.pages.includes`). Then:

- a Python fence titled with a file path runs alone in a fresh interpreter, through
  :class:`sitebuild.runs.runner.CodeRunner`: content the snippet tests or the build ran already
  is not run again;
- an untitled Python fence (a notebook page's cells) runs in the page's namespace, in order;
- every ``>>>`` example is checked as a doctest.

Only English is collected: the parity test keeps the other languages' code identical.
This file sits at the root because a collection hook applies only below its conftest's folder.
"""

from __future__ import annotations

import doctest
import os
import sys
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sybil import Document, Example, Region, Sybil
from sybil.parsers.abstract.codeblock import PythonDocTestOrCodeBlockParser
from sybil.parsers.markdown import CodeBlockParser
from sybil.parsers.rest import DocTestParser
from sybil.sybil import SybilCollection

from sitebuild.pages import outputs
from sitebuild.pages.includes import expand, output_runner
from sitebuild.pages.notebooks import TITLE
from sitebuild.runs.runner import RUN_ENV

ROOT = Path(__file__).resolve().parent
CONFIG = ROOT / "mkdocs.yml"
PAGES = ROOT / "docs" / "en"
# The tests' own processes, the reader's runs and the builds they start run as the snippets do
# (sitebuild.runs.runner.RUN_ENV says why), set before Inductor's import.
for name in ("PYTHONBREAKPOINT", "TORCHINDUCTOR_CPP_CACHE_PRECOMPILE_HEADERS"):
    os.environ[name] = RUN_ENV[name]

PYTHON_FENCES = {"python", "py", "pycon"}
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class RenderedPage(Document):
    """A page as the reader sees it."""

    def __init__(self, text: str, path: str) -> None:
        relative = Path(path).resolve().relative_to(ROOT)
        super().__init__(expand(text, source=relative, config_file=CONFIG), path)


def selected_pages(config: pytest.Config) -> list[Path]:
    """The English pages that the command line's paths (or ``testpaths``) reach."""
    start = config.invocation_params.dir
    asked = [(start / arg.split("::", 1)[0]).resolve() for arg in config.args]
    return [p for p in sorted(PAGES.rglob("*.md")) if any(p.is_relative_to(a) for a in asked)]


def pytest_collection(session: pytest.Session) -> None:
    """Run the snippets whose output the selected pages show, in parallel, before collection
    (expanding the includes would run them one by one). Runs are kept by content."""
    if pages := selected_pages(session.config):
        outputs.prepare(output_runner(CONFIG), pages)


def run_alone(title: str, example: Example) -> None:
    """Run a block as a script of its own, as a reader pasting it would."""
    output_runner(CONFIG).run(str(example.parsed), name=title)


class AnyPythonFenceParser(CodeBlockParser):
    """Take every fence whose info string starts with a Python language, attributes or not."""

    def __call__(self, document: Document) -> Iterable[Region]:
        for region in self.lexers(document):
            info = str(region.lexemes["arguments"])
            if (words := info.split()) and words[0] in PYTHON_FENCES:
                region.parsed = region.lexemes["source"]
                title = TITLE.search(info)
                evaluate = partial(run_alone, title["title"]) if title else None
                region.evaluator = evaluate or self._evaluator or self.evaluate
                yield region


class PageCodeParser(PythonDocTestOrCodeBlockParser):
    codeblock_parser_class = AnyPythonFenceParser


def _reset_torch(namespace: dict[str, Any]) -> None:
    import torch

    torch.set_printoptions(profile="default")
    torch.manual_seed(0)
    if "torch._dynamo" in sys.modules:
        torch._dynamo.reset()


pages = Sybil(
    parsers=[PageCodeParser(doctest_optionflags=DOCTEST_FLAGS)],
    path=str(PAGES.relative_to(ROOT)),
    patterns=["*.md"],
    document_types={".md": RenderedPage},
    setup=_reset_torch,
    teardown=_reset_torch,
    name="page",
)


def docstrings(package: str) -> Sybil:
    """Every ``>>>`` example in the docstrings of ``package``."""
    return Sybil(
        parsers=[DocTestParser(optionflags=DOCTEST_FLAGS)],
        path=package,
        patterns=["*.py"],
        setup=_reset_torch,
        teardown=_reset_torch,
        name=f"docstring-{package}",
    )


pytest_collect_file = SybilCollection(
    [pages, docstrings("dyndocs"), docstrings("sitebuild")]
).pytest()
