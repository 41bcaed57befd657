"""The API reference's docstrings in the page's language: a Griffe extension.

mkdocstrings-python loads ``dyndocs`` with Griffe once per language build (each build's
``on_config`` makes a new handler, whose loaded modules start empty, so no language sees another's
text). Once the package is loaded, this extension gives every docstring the words of
``i18n/code.<locale>.yml``, by the keys and rules of :mod:`sitebuild.pages.comments`. A
translation keeps Google's section titles and parameter names in English (``Args:``, ``tensor:``)
so the parser finds the same sections, which mkdocstrings titles in the page's language. The
reference shows docstrings as prose, so line breaks a Chinese reader would see as spaces are joined.

A missing translation fails the build, naming the object, its file and line, and the entries to
add; a private object's (``_name``, which the reference does not show) is left as it is, as is
English, whose words are the keys. Configuration (``mkdocs.yml``; the site plugin sets ``locale``
for each language build with :func:`set_locale`)::

    extensions:
      - sitebuild.pages.docstrings:
          base_path: !relative $config_dir
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import griffe

from sitebuild.languages.builds import unwrap_lines
from sitebuild.pages import comments

SECTION = re.compile(r"^\w[\w ]*:$")
"""The first line of a paragraph that is a Google section: its title (``Args:``)."""


class DocstringTranslation(griffe.Extension):
    """Every docstring of a loaded package in the words of ``locale``."""

    def __init__(self, base_path: str | os.PathLike[str] = ".", locale: str = "") -> None:
        super().__init__()
        self.root = Path(os.fspath(base_path))
        self.locale = locale
        self.table = comments.load(self.root / "i18n", locale) if locale else {}

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if not self.table:  # English, whose docstrings are the keys
            return
        lacking: list[tuple[str, str]] = []
        for obj in objects(pkg):
            doc = obj.docstring
            if doc is None:
                continue
            absent = comments.lacking(comments.paragraphs(doc.value, doc.lineno or 1), self.table)
            if not absent:
                doc.value = translate(doc.value, self.table, self.locale)
            elif not private(obj):
                path = Path(str(obj.filepath))
                file = path.relative_to(self.root) if path.is_relative_to(self.root) else path
                lacking += [(f"{obj.path} ({file}, line {n})", k) for n, k in absent]
        if lacking:
            raise comments.TranslationError(comments.what_to_add(lacking, self.root, self.locale))


def objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """``obj`` and every object defined in it, at any depth (not what it imports)."""
    yield obj
    for member in obj.members.values():
        if isinstance(member, griffe.Object):  # not an Alias
            yield from objects(member)


def private(obj: griffe.Object) -> bool:
    """Whether ``obj`` or an object it is in has a private name (``_x``, not ``__x__``)."""
    return obj.is_private or (obj.parent is not None and private(obj.parent))


def translate(doc: str, table: Mapping[str, str], locale: str) -> str:
    """A cleaned docstring in the words of ``table``, shown as prose in ``locale``.

    Examples:
        >>> doc = "Args:\\n    x: The first one,\\n        the only one.\\n    y: Another."
        >>> table = {"Args: x: The first one, the only one. y: Another.": (
        ...     "Args:\\n    x: 第一个，\\n        唯一一个。\\n    y: 另一个。")}
        >>> print(translate(doc, table, "zh-hans"))
        Args:
            x: 第一个，唯一一个。
            y: 另一个。

    Raises:
        KeyError: ``table`` lacks a paragraph or comment of ``doc``.
    """
    words = [(comments.translate_paragraph(p, table), p[1]) for p in comments.paragraphs(doc)]
    return "\n\n".join(unwrapped(w, locale) if key is not None else w for w, key in words)


def unwrapped(paragraph: str, locale: str) -> str:
    """``paragraph`` with line breaks between Chinese characters joined (:func:`unwrap_lines`);
    each item of a Google section (a line as indented as the first) keeps a line of its own.

    Examples:
        >>> print(unwrapped("Returns:\\n    输出，\\n        每一步。\\n    状态。", "zh-hans"))
        Returns:
            输出，每一步。
            状态。
    """
    lines = paragraph.split("\n")
    indents = [len(line) - len(line.lstrip()) for line in lines]
    item = indents[1] if SECTION.match(lines[0]) and len(lines) > 1 else None
    chunks: list[list[str]] = []
    for number, line in enumerate(lines):
        if not chunks or (item is not None and (number == 1 or indents[number] <= item)):
            chunks.append([line])
        else:
            chunks[-1].append(line)
    return "\n".join(unwrap_lines("\n".join(chunk), locale) for chunk in chunks)


def set_locale(mkdocstrings: Any, locale: str) -> None:
    """Give this extension, where mkdocstrings' python handler lists it, the language of the build
    about to start (before mkdocstrings' ``on_config`` reads it)."""
    if mkdocstrings is None:
        return
    handler = mkdocstrings.config.handlers.get("python") or {}
    extensions = (handler.get("options") or {}).get("extensions") or []
    for index, entry in enumerate(extensions):
        key = entry if isinstance(entry, str) else next(iter(entry))
        if str(key) == __name__:
            settings = {} if isinstance(entry, str) else dict(entry[key] or {})
            extensions[index] = {__name__: {**settings, "locale": locale}}
