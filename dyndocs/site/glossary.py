"""The site's one glossary (``glossary.yml``): loading it and rendering it as a table.

A page shows the table with the include line ``--8<-- "glossary:table"``; the
tests use :func:`load` to check that pages follow it.

Examples:
    >>> from dyndocs.site.glossary import Term, table
    >>> print(table([Term("memory", "内存", "記憶體", {"zh-hant": ("內存",)})]))
    | English | 简体中文 | 繁體中文 |
    |---|---|---|
    | memory | 内存 | 記憶體 <del>內存</del> |
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from dyndocs.site import ROOT

GLOSSARY = ROOT / "glossary.yml"
TABLE_LINE = re.compile(r'^[ \t]*-{1,}8<-{1,}\s+"glossary:table"\s*$')
LOCALES = ("en", "zh-hans", "zh-hant")


@dataclass(frozen=True)
class Term:
    """One entry: its wording per language, and wording each language avoids."""

    en: str
    zh_hans: str
    zh_hant: str
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def wording(self, locale: str) -> str:
        return {"en": self.en, "zh-hans": self.zh_hans, "zh-hant": self.zh_hant}[locale]


def load(path: Path = GLOSSARY) -> list[Term]:
    """Read the glossary; a malformed entry raises ``ValueError`` naming it."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    terms: list[Term] = []
    for number, entry in enumerate(data["terms"], start=1):
        missing = [key for key in LOCALES if not entry.get(key)]
        if missing:
            raise ValueError(f"{path.name}: term {number} ({entry}) lacks {', '.join(missing)}")
        avoid = {k: tuple(v) for k, v in (entry.get("avoid") or {}).items()}
        unknown = set(avoid) - set(LOCALES)
        if unknown:
            raise ValueError(f"{path.name}: term {entry['en']!r} avoids for unknown {unknown}")
        terms.append(Term(entry["en"], entry["zh-hans"], entry["zh-hant"], avoid))
    return terms


def table(terms: list[Term]) -> str:
    """Render ``terms`` as a Markdown table; avoided wording is shown struck through."""

    def cell(term: Term, locale: str) -> str:
        avoided = "".join(f" <del>{w}</del>" for w in term.avoid.get(locale, ()))
        return term.wording(locale) + avoided

    rows = ["| English | 简体中文 | 繁體中文 |", "|---|---|---|"]
    rows += [f"| {' | '.join(cell(t, locale) for locale in LOCALES)} |" for t in terms]
    return "\n".join(rows)


class GlossaryTablePreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        for line in lines:
            out.extend(table(load()).split("\n") if TABLE_LINE.match(line) else [line])
        return out


class GlossaryExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(GlossaryTablePreprocessor(md), "glossary_table", 34)


def makeExtension(**kwargs: Any) -> GlossaryExtension:
    return GlossaryExtension(**kwargs)
