"""Every page exists in every language, with the same anchors, includes and code."""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

import pytest

from sitebuild.bench.render import CLAIM, MARKER
from sitebuild.pages.errors import DIRECTIVE as ERROR_DIRECTIVE
from sitebuild.pages.figures import DIRECTIVE as FIGURE_DIRECTIVE
from sitebuild.pages.includes import include_target
from sitebuild.pages.notebooks import fences
from sitebuild.project import Project

from ..support import docs, locales, pages, project

HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*(?:\{#(?P<id>[\w-]+)\})?\s*$", re.MULTILINE)


def test_every_page_exists_in_every_language() -> None:
    assert project().missing_pages() == []


def test_missing_page_is_named(tmp_path: Path) -> None:
    for locale in locales():
        (tmp_path / locale / "guide").mkdir(parents=True)
        (tmp_path / locale / "guide" / "a.md").write_text("# A\n")
    (tmp_path / "en" / "guide" / "b.md").write_text("# B\n")
    assert Project(tmp_path, tmp_path, locales()).missing_pages() == [
        f"docs/{locale}/guide/b.md" for locale in locales()[1:]
    ]


def headings(text: str) -> list[tuple[int, str | None]]:
    """(level, explicit id) of each heading below the title, outside code fences."""
    outside = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return [(len(m[1]), m["id"]) for m in HEADING.finditer(outside)]


def code_of(text: str) -> list[tuple[str, str]]:
    """Fences that hold code (not output blocks, whose title is translated), and their bodies."""
    return [
        (fence.info.split()[0] if fence.info else "", fence.body)
        for fence in fences(text)
        if (fence.info.split()[0] if fence.info else "") not in {"text"}
    ]


def include_targets(text: str) -> list[str]:
    """The include targets of ``text`` in order, e.g. ``["snippets/a.py:main"]``."""
    return [target for line in text.splitlines() if (target := include_target(line))]


SAME_IN_EVERY_LANGUAGE = {
    "headings": headings,
    "includes": include_targets,
    "code": code_of,
    "benchmark claims": CLAIM.findall,
    "benchmark tables": MARKER.findall,
    "graph and table directives": lambda text: [m[:3] for m in FIGURE_DIRECTIVE.findall(text)],
    "error entries": ERROR_DIRECTIVE.findall,
    "API reference directives": lambda text: re.findall(r"^::: .*$", text, re.MULTILINE),
}
"""What a translation keeps as the English page has it: only the prose differs."""


def first_difference(english: list[Any], translated: list[Any]) -> str:
    """Where two lists first differ, for a message a translator can act on."""
    matcher = difflib.SequenceMatcher(a=english, b=translated, autojunk=False)
    _, start, end, other_start, other_end = next(
        op for op in matcher.get_opcodes() if op[0] != "equal"
    )
    theirs = ", ".join(map(repr, english[start:end])) or "nothing"
    ours = ", ".join(map(repr, translated[other_start:other_end])) or "nothing"
    return f"at item {start + 1}, English has {theirs} where this page has {ours}"


@pytest.mark.parametrize("page", [str(p) for p in pages(locales()[0])])
def test_same_anchors_includes_and_code(page: str) -> None:
    missing = [
        f"docs/{locale}/{page}" for locale in locales() if not (docs(locale) / page).is_file()
    ]
    assert not missing, f"missing in a language: {missing}; copy the English page and translate it"
    texts = {locale: (docs(locale) / page).read_text(encoding="utf-8") for locale in locales()}
    english = f"docs/{locales()[0]}/{page}"
    reference = {what: of(texts[locales()[0]]) for what, of in SAME_IN_EVERY_LANGUAGE.items()}
    problems = []
    for locale, text in texts.items():
        where = f"docs/{locale}/{page}"
        if missing_ids := [h for h in headings(text) if h[1] is None]:
            problems.append(f"{where}: give every heading an explicit {{#id}}: {missing_ids}")
        for what, of in SAME_IN_EVERY_LANGUAGE.items():
            if (ours := of(text)) != reference[what]:
                difference = first_difference(reference[what], ours)
                problems.append(f"{where}: {what} differ from {english}, {difference}")
    assert not problems, "\n".join(
        [*problems, "Only the prose is translated: after changing one language, change the others."]
    )


def test_a_difference_names_the_item_and_what_each_language_has() -> None:
    assert first_difference(["a", "b", "c"], ["a", "c"]) == (
        "at item 2, English has 'b' where this page has nothing"
    )
    assert first_difference(["a"], ["a", "x"]) == (
        "at item 2, English has nothing where this page has 'x'"
    )
    assert first_difference([(2, "id")], [(2, None)]) == (
        "at item 1, English has (2, 'id') where this page has (2, None)"
    )
