"""Expand ``--8<--`` includes exactly as the site build does.

The build expands includes inside Python-Markdown (pymdownx.snippets, and the preprocessors of
:mod:`sitebuild.pages.outputs`); the tests run every code block as the reader sees it, so they go
through the same preprocessors, as ``mkdocs.yml`` configures them.

Examples:
    >>> include_target('    --8<-- "snippets/a.py:main"'), include_target("```python")
    ('snippets/a.py:main', None)
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from pymdownx.snippets import SnippetMissingError

from sitebuild.languages.strings import Strings
from sitebuild.project import load, load_config
from sitebuild.runs.runner import CodeRunner

INCLUDE_LINE = re.compile(r'^(?P<indent>[ \t]*)-+8<-+\s+"(?P<target>[^"]+)"\s*$')
"""A ``--8<-- "target"`` line: a snippet, ``run:PATH`` (:mod:`sitebuild.pages.outputs`) or
``glossary:table`` (:mod:`sitebuild.languages.glossary`)."""


class IncludeError(PluginError):
    """An include names a missing file or section, or its example failed."""


def expand(text: str, *, source: str | Path, config_file: Path, locale: str = "") -> str:
    """``text``, a page's or notebook's Markdown, with every include replaced as the build of
    ``config_file`` (``mkdocs.yml``) does it; errors name ``source``. ``locale`` is the language of
    code comments and the glossary's headers; none leaves comments in English and the headers in
    the default language.

    Raises:
        IncludeError: A file or section is missing, or a snippet whose output is shown fails.
    """
    from sitebuild.languages import glossary  # which imports this module

    project = load(config_file)
    strings = Strings.load(project.i18n, project.locales)
    names = glossary.column_names(strings, locale or project.default_locale, project.locales)
    text = glossary.expand_table(text, project.glossary, names)  # as the plugin does
    md = _markdown(config_file.resolve(), locale)
    md.reset()
    lines = text.split("\n")
    for name in ("run_output", "code_comments", "snippet"):  # in Python-Markdown's order
        try:
            lines = md.preprocessors[name].run(lines)
        except (SnippetMissingError, PluginError) as error:  # not a bug's: that keeps its trace
            raise IncludeError(f"{source}{_line_of(text, str(error))}: {error}") from error
    return "\n".join(lines)


def output_runner(config_file: Path) -> CodeRunner:
    """The runner with which :func:`expand` runs the snippets whose output a page shows."""
    return _markdown(config_file.resolve()).preprocessors["run_output"].runner  # type: ignore[no-any-return]


@lru_cache(maxsize=8)
def _markdown(config_file: Path, locale: str = "") -> Any:
    """One Markdown converter per configuration and language: making one loads every extension."""
    import markdown

    config = load_config(config_file)
    configs = dict(config.mdx_configs)
    ours = "sitebuild.pages.outputs"
    configs[ours] = {**configs.get(ours, {}), "locale": locale}
    return markdown.Markdown(extensions=list(config.markdown_extensions), extension_configs=configs)


def include_target(line: str) -> str | None:
    """The target of an include ``line``, e.g. ``run:snippets/a.py``; None for another line."""
    match = INCLUDE_LINE.match(line)
    return match["target"] if match else None


def _line_of(text: str, message: str) -> str:
    """The include line that ``message`` is about, as ``', line N (--8<-- "target")'``."""
    quoted = re.findall(r"'([^']+)'", message)
    for number, line in enumerate(text.splitlines(), start=1):
        target = include_target(line)
        if target and any(q in target or target in q for q in quoted):
            return f', line {number} (--8<-- "{target}")'
    return ""
