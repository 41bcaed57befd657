"""Output blocks (what a snippet prints), and the Python-Markdown extension that adds them and
the code comments (:mod:`sitebuild.pages.comments`) to pymdownx.snippets' includes.

A page shows a snippet's output with an include line inside a fence::

    ```text
    --8<-- "run:snippets/debugging/item.py"
    ```

The build replaces that line with the file's standard output, from :mod:`sitebuild.runs.runner`:
computed once for the snippet's content and shared by the three languages and the tests.
Configuration (``mkdocs.yml``; the site plugin sets ``locale`` for each language build)::

    - sitebuild.pages.outputs:
        base_path: !relative $config_dir

Examples:
    >>> run_path('--8<-- "run:snippets/a.py"'), run_path('--8<-- "snippets/a.py"')
    ('snippets/a.py', None)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from sitebuild.pages.comments import CommentPreprocessor
from sitebuild.pages.includes import include_target
from sitebuild.runs.runner import CodeRunner, RunFailed


def run_path(line: str) -> str | None:
    """The snippet whose output an include ``line`` shows; None if it shows none."""
    target = include_target(line) or ""
    return target.removeprefix("run:") if target.startswith("run:") else None


def shown_snippets(pages: Iterable[Path], root: Path) -> list[Path]:
    """The snippet files whose output ``pages`` show, each once, in order."""
    lines = (line for page in pages for line in page.read_text(encoding="utf-8").splitlines())
    return list(dict.fromkeys((root / p).resolve() for line in lines if (p := run_path(line))))


def prepare(runner: CodeRunner, pages: Iterable[Path]) -> None:
    """Run, in parallel, every snippet whose output ``pages`` show and that has no result yet; the
    page that shows a failed snippet's output raises its error, naming the page."""
    runner.run_many(s for s in shown_snippets(pages, runner.root) if s.is_file())


class RunOutputPreprocessor(Preprocessor):
    """Replace ``--8<-- "run:PATH"`` lines with the output of running ``PATH``."""

    def __init__(self, md: Markdown, runner: CodeRunner) -> None:
        super().__init__(md)
        self.runner = runner

    def run(self, lines: list[str]) -> list[str]:
        expanded: list[str] = []
        for line in lines:
            if (path := run_path(line)) is None:
                expanded.append(line)
                continue
            snippet = self.runner.root / path
            if not snippet.is_file():
                raise RunFailed(f"Snippet at path '{path}' could not be found")
            output = self.runner.run_file(snippet).stdout.rstrip("\n")
            if not output:
                raise RunFailed(f"'{path}' printed nothing to show")
            indent = line[: len(line) - len(line.lstrip())]
            expanded.extend(indent + out for out in output.split("\n"))
        return expanded


class IncludeExtension(Extension):
    """Registers :class:`RunOutputPreprocessor` and the code comments' preprocessor."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "base_path": [".", "The repository root: run: paths and i18n/ are under it"],
            "locale": ["", "The page's language; empty leaves code comments as they are"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        root = Path(os.fspath(self.getConfig("base_path")))
        runner = CodeRunner(root, root / ".cache" / "runs")
        # Priority 33 runs before pymdownx.snippets (32), so its include syntax is ours first.
        md.preprocessors.register(RunOutputPreprocessor(md, runner), "run_output", 33)
        comments = CommentPreprocessor(md, root, str(self.getConfig("locale")))
        md.preprocessors.register(comments, "code_comments", 32.5)


def makeExtension(**kwargs: Any) -> IncludeExtension:
    return IncludeExtension(**kwargs)
