"""Collect the pages and the dyndocs docstrings as tests (Sybil).

Pages are tested as rendered: every ``--8<--`` include is expanded by the same
preprocessors the site build uses (:mod:`dyndocs.site.includes`), then every
Python fence runs, with or without attributes such as ``title="…"``, and every
``>>>`` example is checked as a doctest.

This file sits at the root because a ``pytest_collect_file`` hook only applies
below the folder of its conftest.
"""

from __future__ import annotations

import doctest
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sybil import Document, Region, Sybil
from sybil.parsers.abstract.codeblock import PythonDocTestOrCodeBlockParser
from sybil.parsers.markdown import CodeBlockParser
from sybil.parsers.rest import DocTestParser

from dyndocs.site.includes import expand_file

os.environ["PYTHONBREAKPOINT"] = "0"  # an example's breakpoint() must never stop the suite

PYTHON_FENCES = {"python", "py", "pycon"}
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class RenderedPage(Document):
    """A page as the reader sees it: includes expanded exactly as in the site build."""

    @classmethod
    def parse(cls, path: str, *parsers: Any, encoding: str = "utf-8") -> Document:
        document = cls(expand_file(Path(path)), path)
        for parser in parsers:
            for region in parser(document):
                document.add(region)
        return document


class AnyPythonFenceParser(CodeBlockParser):
    """Take every fence whose info string starts with a Python language, attributes or not."""

    def __call__(self, document: Document) -> Iterable[Region]:
        for region in self.lexers(document):
            info = str(region.lexemes["arguments"]).split()
            if info and info[0] in PYTHON_FENCES:
                region.parsed = region.lexemes["source"]
                region.evaluator = self._evaluator or self.evaluate
                yield region


class PageCodeParser(PythonDocTestOrCodeBlockParser):
    codeblock_parser_class = AnyPythonFenceParser


def _reset_torch(namespace: dict[str, Any]) -> None:
    import torch

    torch.set_printoptions(profile="default")
    torch.manual_seed(0)
    if "torch._dynamo" in __import__("sys").modules:
        torch._dynamo.reset()


pages = Sybil(
    parsers=[PageCodeParser(doctest_optionflags=DOCTEST_FLAGS)],
    path="docs",
    patterns=["*.md"],
    document_types={".md": RenderedPage},
    setup=_reset_torch,
    teardown=_reset_torch,
    name="page",
)

docstrings = Sybil(
    parsers=[DocTestParser(optionflags=DOCTEST_FLAGS)],
    path="dyndocs",
    patterns=["*.py"],
    setup=_reset_torch,
    teardown=_reset_torch,
    name="docstring",
)

pytest_collect_file = (pages + docstrings).pytest()
