"""What each built page tells search engines, link previews and assistive technology.

Per page and language: ``<html lang>``, a description from the page's own first paragraph,
a canonical URL, hreflang alternates (absolute, every language and ``x-default``), Open Graph
tags; every heading has an id and the skip link lands on one; search's dialog has a name; no
script holds up the first paint.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from sitebuild.html.head import hreflang

from ..support import locales
from .test_build import html_pages, page_url

META = re.compile(r'<meta (?:name|property)="(?P<name>[^"]+)" content="(?P<content>[^"]*)"')
ALTERNATE = re.compile(r'<link rel="alternate" hreflang="(?P<lang>[^"]+)" href="(?P<href>[^"]+)">')


def metas(page: str) -> dict[str, str]:
    return {m["name"]: html.unescape(m["content"]) for m in META.finditer(page)}


@pytest.mark.parametrize("locale", locales())
def test_every_page_describes_itself_in_its_language(built_site: Path, locale: str) -> None:
    found = html_pages(built_site, locale)
    descriptions = {}
    for name, page in found.items():
        meta = metas(page)
        assert f'<html lang="{hreflang(locale)}"' in page, f"{locale}/{name}: <html lang>"
        description = meta.get("description", "")
        assert 20 <= len(description) <= 170, f"{locale}/{name}: description {description!r}"
        text = html.unescape(re.sub(r"<[^>]+>", "", page))
        assert description.rstrip("…") in re.sub(r"\s+", " ", text), (
            f"{locale}/{name}: the description is not the page's own words: {description!r}"
        )
        assert meta["og:description"] == description and meta["og:title"]
        assert meta["og:locale"].split("_")[0] == locale.split("-")[0]
        descriptions[name] = description
        if locale.startswith("zh"):
            assert re.search(r"[\u4e00-\u9fff]", description), f"{locale}/{name}: {description!r}"
    assert len(set(descriptions.values())) == len(descriptions), "two pages share a description"


@pytest.mark.parametrize("locale", locales())
def test_every_page_links_itself_in_every_language(built_site: Path, locale: str) -> None:
    for name, page in html_pages(built_site, locale).items():
        canonical = re.search(r'<link rel="canonical" href="([^"]+)">', page)
        assert canonical and urlparse(canonical[1]).scheme in {"http", "https"}, name
        assert urlparse(canonical[1]).path == page_url(locale, name)
        alternates = {m["lang"]: m["href"] for m in ALTERNATE.finditer(page)}
        expected = {hreflang(other) for other in locales()} | {"x-default"}
        assert set(alternates) == expected, f"{locale}/{name}: {sorted(alternates)}"
        for lang, href in alternates.items():
            assert urlparse(href).scheme in {"http", "https"}, f"{locale}/{name}: {href}"
            other = next((o for o in locales() if hreflang(o) == lang), locales()[0])
            assert urlparse(href).path == page_url(other, name), f"{locale}/{name}: {lang}"
        assert alternates[hreflang(locale)] == canonical[1]


@pytest.mark.parametrize("locale", locales())
def test_every_heading_has_an_id_and_the_skip_link_lands(built_site: Path, locale: str) -> None:
    for name, page in html_pages(built_site, locale).items():
        for heading in re.finditer(r"<h([1-6])\b([^>]*)>", page):
            found = re.search(r'\bid="([^"]*)"', heading[2])
            if "md-" in heading[2]:  # Material's own headings in the navigation
                continue
            assert found and found[1], f"{locale}/{name}: a heading without an id: {heading[0]}"
        skip = re.search(r'<a href="#([^"]*)" class="md-skip">', page)
        assert skip and skip[1] and f'id="{skip[1]}"' in page, f"{locale}/{name}: skip link"
        assert re.search(r'class="md-search"[^>]*role="dialog" aria-label="[^"]+"', page), name


@pytest.mark.parametrize("locale", locales())
def test_the_search_index_holds_prose_not_code(built_site: Path, locale: str) -> None:
    import json

    root = built_site if locale == locales()[0] else built_site / locale
    index = root / "search" / "search_index.json"
    text = " ".join(d["text"] for d in json.loads(index.read_text(encoding="utf-8"))["docs"])
    assert "torch.manual_seed(0)" not in text, "code blocks are in the search index"
    assert "GFLOP/s (torch.mm" not in text, "benchmark tables and notes are in the search index"
    assert "zero_grad" in text, "inline code in prose must stay searchable"
    for shown in ("Copied!", "Out[3]", "SumBackward0PowBackward0"):  # a notebook page's cells
        assert shown not in text, f"{locale}: a notebook cell's {shown!r} is in the search index"
    # The prose of every page, with the zero-width spaces Material puts between Chinese words,
    # the errors atlas and the API reference of dyndocs.graph.steps included; code blocks and
    # tables coming back would add tens of KiB.
    assert index.stat().st_size < 275 * 1024, f"{locale}: index of {index.stat().st_size} bytes"


@pytest.mark.parametrize("locale", locales())
def test_no_script_holds_up_the_first_paint(built_site: Path, locale: str) -> None:
    """No page names a script for the browser to fetch with it: Material's scripts keep their
    URL in ``data-src`` and load once the page's content is on screen (``overrides/main.html``).
    At the end of the body, its bundle held the first paint back in Lighthouse; deferred, it
    still counted towards the largest paint in some runs."""
    for name, page in html_pages(built_site, locale).items():
        fetched = re.findall(r"<script\b[^>]*\ssrc=[^>]*>", page)
        assert not fetched, f"{locale}/{name}: {fetched}"
        later = re.findall(r"<script data-after-first-paint data-src=([^>]+)>", page)
        assert any("bundle." in url for url in later), f"{locale}/{name}: no Material bundle"


@pytest.mark.parametrize("locale", locales())
def test_no_page_links_a_stylesheet_twice(built_site: Path, locale: str) -> None:
    for name, page in html_pages(built_site, locale).items():
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
        assert links, f"{locale}/{name}: no stylesheet"
        repeated = {href for href in links if links.count(href) > 1}
        assert not repeated, f"{locale}/{name}: linked more than once: {sorted(repeated)}"
