"""Shared helpers for the tests: where things are, and how pages are read."""

from __future__ import annotations

import re
from pathlib import Path

from dyndocs.site import ROOT

DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
LOCALES = ("en", "zh-hans", "zh-hant")
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$", re.MULTILINE)


def pages(locale: str) -> list[Path]:
    """Every Markdown page of ``locale``, relative to ``docs/<locale>``."""
    return sorted(p.relative_to(DOCS / locale) for p in (DOCS / locale).rglob("*.md"))


def snippet_files() -> list[Path]:
    return sorted(SNIPPETS.rglob("*.py"))


def fences(text: str) -> list[tuple[str, str]]:
    """Return ``(info, body)`` for every fenced block of ``text``, in order."""
    blocks: list[tuple[str, str]] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, indent = match["fence"], match["indent"]
        body: list[str] = []
        i += 1
        while i < len(lines) and not (
            lines[i].strip().startswith(fence) and lines[i].strip().strip(fence[0]) == ""
        ):
            body.append(lines[i].removeprefix(indent))
            i += 1
        blocks.append((match["info"].strip(), "\n".join(body)))
        i += 1
    return blocks
