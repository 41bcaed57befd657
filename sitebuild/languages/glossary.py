"""The site's one glossary (``i18n/glossary.yml``): loading it and rendering it as a table.

A page shows the table with the line ``--8<-- "glossary:table"``; the tests use :func:`load` to
check that pages follow it. Every term needs a wording in each language of ``mkdocs.yml``; the
column headers name the languages in the page's own (``language.<locale>`` in
``i18n/<page locale>.yml``).

Examples:
    >>> names = {"en": "English", "zh-hans": "简体中文", "zh-hant": "繁體中文"}
    >>> wordings = {"en": "memory", "zh-hans": "内存", "zh-hant": "記憶體"}
    >>> term = Term(wordings, avoid={"zh-hant": ("內存",)})
    >>> print(table([term], names))
    | English | 简体中文 | 繁體中文 |
    |---|---|---|
    | memory | 内存 | 記憶體 <del data-search-exclude>內存</del> |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sitebuild.languages.strings import Strings, read_yaml
from sitebuild.pages.includes import include_target

TABLE = "glossary:table"


@dataclass(frozen=True)
class Term:
    """One entry: its wording in each language, and wording each language avoids."""

    wordings: dict[str, str]
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)


def load(path: Path, locales: Sequence[str]) -> list[Term]:
    """Read the glossary.

    Raises:
        ValueError: An entry lacks a language, or avoids wording for an unknown one; the message
            names the file and the entry.
    """
    terms: list[Term] = []
    for number, entry in enumerate(read_yaml(path)["terms"], start=1):
        if missing := [key for key in locales if not entry.get(key)]:
            raise ValueError(f"{path.name}: term {number} ({entry}) lacks {', '.join(missing)}")
        avoid = {k: tuple(v) for k, v in (entry.get("avoid") or {}).items()}
        if unknown := set(avoid) - set(locales):
            raise ValueError(f"{path.name}: term {entry['en']!r} avoids for unknown {unknown}")
        terms.append(Term({locale: entry[locale] for locale in locales}, avoid))
    return terms


def table(terms: list[Term], names: Mapping[str, str]) -> str:
    """Render ``terms`` as a Markdown table, a column per language in ``names``."""

    def cell(term: Term, locale: str) -> str:
        # Out of search: a result's preview would read the avoided words as the page's own.
        struck = [f" <del data-search-exclude>{w}</del>" for w in term.avoid.get(locale, ())]
        return term.wordings[locale] + "".join(struck)

    rows = [f"| {' | '.join(names.values())} |", "|" + "---|" * len(names)]
    rows += [f"| {' | '.join(cell(t, locale) for locale in names)} |" for t in terms]
    return "\n".join(rows)


def column_names(strings: Strings, locale: str, locales: Sequence[str]) -> dict[str, str]:
    """Each of ``locales`` named in the language of a ``locale`` page."""
    return {code: strings.get(locale, f"language.{code}") for code in locales}


def expand_table(markdown: str, path: Path, names: Mapping[str, str]) -> str:
    """Replace every ``--8<-- "glossary:table"`` line of ``markdown`` with the table."""
    lines = markdown.split("\n")
    if TABLE not in map(include_target, lines):
        return markdown
    rendered = table(load(path, list(names)), names)
    return "\n".join(rendered if include_target(line) == TABLE else line for line in lines)
