r"""Entry headings of the errors atlas: the message a snippet raised, as this build printed it.

A line of its own, identical in every language, where an entry's heading goes::

    <!-- error: snippets/errors/in-place/leaf_in_place.py -->

becomes an h2 (class ``error-entry``, anchored by the snippet's name, dashed) of the message the
snippet printed first, as ``dyndocs.errors.raises`` and ``warns`` do, and a line giving the torch
version in the page's language (``errors.version``). A missing snippet, or one that does not raise
what it declares, fails the build, naming the page, the directive and the snippet.

Examples:
    >>> match = DIRECTIVE.search("<!-- error: snippets/errors/in-place/leaf_in_place.py -->")
    >>> match["path"], anchor(match["path"])
    ('snippets/errors/in-place/leaf_in_place.py', 'leaf-in-place')
    >>> print(heading_text("RuntimeError: a [view] of *x* <z>"))
    RuntimeError: a \[view\] of \*x\* &lt;z&gt;
"""

from __future__ import annotations

import html
import importlib.metadata
import re
from collections.abc import Callable
from pathlib import Path

from mkdocs.exceptions import PluginError

from sitebuild.runs.runner import CodeRunner, RunFailed

DIRECTIVE = re.compile(r"^[ \t]*<!--\s*error:\s*(?P<path>[\w./-]+\.py)\s*-->[ \t]*$", re.MULTILINE)
MESSAGE = re.compile(r"^[A-Za-z_][\w.]*: \S")
"""The first line of ``Type: message`` as Python's traceback ends it."""


class ErrorEntryFailed(PluginError):
    """An entry's snippet is missing, declares nothing, or does not raise what it declares."""


def anchor(path: str) -> str:
    """The snippet's stem with dashes: the same in every language."""
    return Path(path).stem.replace("_", "-")


def heading_text(line: str) -> str:
    """``line`` escaped so that Markdown shows it verbatim in a heading."""
    return re.sub(r"([\\`*_{}\[\]#])", r"\\\1", html.escape(line, quote=False))


def render(markdown: str, runner: CodeRunner, text: Callable[..., str], page: str) -> str:
    """Replace each directive of ``markdown`` with its heading; ``text`` gives the strings."""
    version = importlib.metadata.version("torch")

    def replace(match: re.Match[str]) -> str:
        path = match["path"]
        where = f"{page}: <!-- error: {path} -->"
        snippet = runner.root / path
        if not snippet.is_file():
            raise ErrorEntryFailed(f"{where}: no such snippet {path}")
        if not re.search(r"\b(?:raises|warns|logs)\(", snippet.read_text(encoding="utf-8")):
            raise ErrorEntryFailed(
                f"{where}: {path} runs nothing inside dyndocs.errors raises(), warns() or logs()"
            )
        try:
            first = runner.run_file(snippet).stdout.split("\n", 1)[0]
        except RunFailed as error:
            raise ErrorEntryFailed(f"{where}: {error}") from error
        if not MESSAGE.match(first):
            raise ErrorEntryFailed(f"{where}: {path} printed first {first!r}, not a message")
        note = html.escape(text("errors.version", torch=version))
        return (
            f"## {heading_text(first)} {{#{anchor(path)} .error-entry}}\n\n"
            f'<p class="error-version"><small>{note}</small></p>\n'
        )

    rendered = DIRECTIVE.sub(replace, markdown)
    if bad := re.search(r"^\s*<!--\s*error\s*:.*", rendered, re.M):
        raise ErrorEntryFailed(f"{page}: a directive that does not parse: {bad[0].strip()}")
    return rendered
