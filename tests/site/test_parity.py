"""Every page exists in every language, with the same anchors, includes and code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitebuild.bench.render import CLAIM, MARKER
from sitebuild.pages.errors import signature as error_signature
from sitebuild.pages.figures import signature as figure_signature
from sitebuild.pages.includes import include_targets
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


@pytest.mark.parametrize("page", [str(p) for p in pages(locales()[0])])
def test_same_anchors_includes_and_code(page: str) -> None:
    missing = [
        f"docs/{locale}/{page}" for locale in locales() if not (docs(locale) / page).is_file()
    ]
    assert not missing, f"missing in a language: {missing}; copy the English page and translate it"
    texts = {locale: (docs(locale) / page).read_text(encoding="utf-8") for locale in locales()}
    reference = texts[locales()[0]]
    for locale, text in texts.items():
        where = f"docs/{locale}/{page}"
        missing_ids = [h for h in headings(text) if h[1] is None]
        assert not missing_ids, f"{where}: give every heading an explicit {{#id}}: {missing_ids}"
        assert headings(text) == headings(reference), f"{where}: headings differ from English"
        assert include_targets(text) == include_targets(reference), (
            f"{where}: includes differ from English"
        )
        assert code_of(text) == code_of(reference), f"{where}: code differs from English"
        assert CLAIM.findall(text) == CLAIM.findall(reference), (
            f"{where}: benchmark claims differ from English"
        )
        assert MARKER.findall(text) == MARKER.findall(reference), (
            f"{where}: benchmark tables differ from English"
        )
        assert figure_signature(text) == figure_signature(reference), (
            f"{where}: graph and table directives differ from English"
        )
        assert error_signature(text) == error_signature(reference), (
            f"{where}: error entries differ from English"
        )
        assert re.findall(r"^::: .*$", text, re.MULTILINE) == re.findall(
            r"^::: .*$", reference, re.MULTILINE
        ), f"{where}: API reference directives differ from English"
