"""The strict build of the whole site, and what it produces in each language."""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path
from urllib.parse import urljoin

import pytest

from sitebuild.languages.strings import Strings
from sitebuild.pages.figures import NODE_WORDS
from sitebuild.project import load_config

from ..support import CONFIG, locales, pages, project


def material_language(locale: str) -> str:
    """The ``<html lang>`` Material writes for ``locale``: its ``theme.language`` in mkdocs.yml."""
    config = load_config(CONFIG)
    for language in config.plugins["i18n"].config.languages:
        if language.locale == locale and language.theme and language.theme.get("language"):
            return str(language.theme["language"])
    return str(config.theme["language"])


# Tags and CSS that make the browser fetch something, pointing at another host.
EXTERNAL = re.compile(
    r"""<(?:script|img|iframe|source|audio|video)\b[^>]*\bsrc=["'](?:https?:)?//[^"']+"""
    r"""|<link\b(?=[^>]*\brel=["']?(?:stylesheet|icon|preload|modulepreload|preconnect|manifest))"""
    r"""[^>]*\bhref=["'](?:https?:)?//[^"']+"""
    r"""|url\(["']?(?:https?:)?//[^)]+\)|@import\s+["'](?:https?:)?//""",
    re.IGNORECASE,
)


def html_pages(site: Path, locale: str) -> dict[str, str]:
    """Map each page (``concepts/x.md``) to its built HTML in ``locale``."""
    root = site if locale == "en" else site / locale
    out = {}
    for page in pages(locale):
        url = page.with_suffix("") if page.name != "index.md" else page.parent
        out[str(page)] = (root / url / "index.html").read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("locale", locales())
def test_every_page_has_its_language(built_site: Path, locale: str) -> None:
    for page, html in html_pages(built_site, locale).items():
        assert f'<html lang="{material_language(locale)}"' in html, (
            f"{locale}/{page}: wrong <html lang>"
        )


def page_url(locale: str, page: str) -> str:
    """Site-absolute URL of ``page`` in ``locale``, e.g. ``/zh-hans/concepts/x/``."""
    prefix = "/" if locale == "en" else f"/{locale}/"
    path = page.removesuffix(".md").removesuffix("index")
    return prefix + (path.rstrip("/") + "/" if path else "")


@pytest.mark.parametrize("locale", locales())
def test_language_switcher_leads_to_same_page(built_site: Path, locale: str) -> None:
    for page, html in html_pages(built_site, locale).items():
        links = {
            lang: href for href, lang in re.findall(r'<a href="([^"]*)" hreflang="([^"]+)"', html)
        }
        assert set(links) == set(locales()), f"{locale}/{page}: switcher offers {sorted(links)}"
        here = page_url(locale, page)
        for lang, href in links.items():
            assert urljoin(here, href) == page_url(lang, page), (
                f"{locale}/{page}: the {lang} link {href} does not lead to the same page"
            )


@pytest.mark.parametrize("locale", [loc for loc in locales() if loc.startswith("zh")])
def test_chinese_headings_get_readable_anchors(built_site: Path, locale: str) -> None:
    for page, html in html_pages(built_site, locale).items():
        ids = re.findall(r'<h[2-6][^>]* id="([^"]+)"', html)
        unreadable = [i for i in ids if re.fullmatch(r"_\d*", i)]
        assert not unreadable, f"{locale}/{page}: unreadable heading ids {unreadable}"


@pytest.mark.parametrize("locale", locales())
def test_a_headings_explicit_id_is_its_id_not_its_text(built_site: Path, locale: str) -> None:
    """Every page's ``## Title {#id}`` shows Title, with id ``id``: the notebook pages too."""
    for page, html in html_pages(built_site, locale).items():
        shown = re.findall(r"<h[1-6][^>]*>([^<]*\{#[\w-]+\})", html)
        assert not shown, f"{locale}/{page}: a heading shows its id as text: {shown}"


def test_no_request_leaves_the_origin(built_site: Path) -> None:
    offenders = []
    for path in built_site.rglob("*"):
        if path.suffix in {".html", ".css"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            offenders += [f"{path.relative_to(built_site)}: {m}" for m in EXTERNAL.findall(text)]
            if "fonts.googleapis" in text or "fonts.gstatic" in text:
                offenders.append(f"{path.relative_to(built_site)}: Google Fonts")
    assert not offenders, "\n".join(offenders[:20])


def test_every_file_of_the_site_can_be_served_by_another_user(built_site: Path) -> None:
    """A web server reads the site as a user of its own: a file only its owner may read would
    answer 403 (the notebooks were written so once)."""
    private = []
    for path in built_site.rglob("*"):
        needed = 0o005 if path.is_dir() else 0o004  # a folder must be entered too
        if path.stat().st_mode & needed != needed:
            private.append(str(path.relative_to(built_site)))
    assert not private, f"files or folders others cannot read: {private[:10]}"


@pytest.mark.parametrize("locale", locales())
def test_search_index_holds_only_its_language(built_site: Path, locale: str) -> None:
    root = built_site if locale == "en" else built_site / locale
    docs = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert docs, f"{locale}: empty search index"
    prefixes = tuple(f"{other}/" for other in locales()[1:])
    others = [d["location"] for d in docs if d["location"].startswith(prefixes)]
    assert not others, f"{locale}: index points into other languages: {others[:5]}"
    titles = {d["title"] for d in docs if "#" not in d["location"]}
    assert len(titles) >= len(pages(locale)) - 1, f"{locale}: pages missing from search"


@pytest.mark.parametrize("locale", locales())
def test_each_language_has_its_own_object_inventory(built_site: Path, locale: str) -> None:
    root = built_site if locale == "en" else built_site / locale
    raw = (root / "objects.inv").read_bytes()
    header, body = raw.split(b"\n", 4)[:4], zlib.decompress(raw.split(b"\n", 4)[4]).decode()
    assert header[0] == b"# Sphinx inventory version 2"
    entries = [line.split(" ") for line in body.splitlines()]
    assert any(name == "dyndocs.models.DynamicModel" for name, *_ in entries)
    for name, _role, _priority, uri, *_ in entries:
        assert not uri.startswith(tuple(f"{o}/" for o in locales()[1:])), f"{locale}: {uri}"
        path, _, anchor = uri.replace("$", name).partition("#")
        html = (root / path / "index.html").read_text(encoding="utf-8")
        assert f'id="{anchor}"' in html, f"{locale}/objects.inv: {name} -> {uri} does not resolve"


@pytest.mark.parametrize("locale", locales())
def test_each_language_has_its_own_404_page(built_site: Path, locale: str) -> None:
    """A missing page under a language's root is answered in that language, linking its home."""
    strings = Strings.load(project().i18n, locales())
    root = built_site if locale == "en" else built_site / locale
    html = (root / "404.html").read_text(encoding="utf-8")
    assert f'<html lang="{material_language(locale)}"' in html, f"{locale}: wrong <html lang>"
    title = strings.get(locale, "page.not_found.title")
    assert f"<h1>{title}</h1>" in html and "Not found" not in html, f"{locale}: {title!r}"
    assert f"<title>{title} - " in html, f"{locale}: the tab does not say the page was not found"
    home = "/" if locale == "en" else f"/{locale}/"
    assert f'<a href="{home}">{strings.get(locale, "page.not_found.home")}</a>' in html
    switcher = re.findall(r'<a href="([^"]*)" hreflang="([^"]*)"', html)
    homes = {other: "/" if other == "en" else f"/{other}/" for other in locales()}
    assert dict((lang, link) for link, lang in switcher) == homes, f"{locale}: {switcher}"


@pytest.mark.parametrize("locale", locales())
def test_notebook_is_rendered_and_executed(built_site: Path, locale: str) -> None:
    html = html_pages(built_site, locale)["notebooks/first-graph.md"]
    assert "jp-Cell" in html or "jupyter-wrapper" in html, f"{locale}: notebook not rendered"
    assert "kernelspec" not in html, f"{locale}: notebook front matter copied raw"
    assert "tensor([2., 4., 6.])" in html, f"{locale}: notebook output missing"
    # mkdocs-jupyter's JupyterLab theme and MathJax set-up, which notebook_pages.slim removes
    assert "--jp-layout-color0" not in html, f"{locale}: JupyterLab's theme left in the page"
    assert "MathJax" not in html, f"{locale}: MathJax set up on a page with no maths"


def test_api_reference_titles_follow_the_language(built_site: Path) -> None:
    expected = {
        "en": ("Parameters:", "Bases:", "<code>module-attribute</code>"),
        "zh-hans": ("参数：", "基类：", "<code>模块属性</code>"),
        "zh-hant": ("參數：", "基底類別：", "<code>模組屬性</code>"),
    }
    for locale, titles in expected.items():
        html = html_pages(built_site, locale)["reference/api.md"]
        for title in titles:
            assert title in html, f"{locale}: API reference label {title!r} missing"
        if locale != "en":
            assert "Bases:" not in html, f"{locale}: API reference base-class label in English"
            labels = re.findall(r'doc-label-[a-z-]+"><code>([a-z-]+)</code>', html)
            assert not labels, f"{locale}: API reference object labels in English: {labels}"


def test_output_blocks_hold_real_output(built_site: Path) -> None:
    for locale in locales():
        html = html_pages(built_site, locale)["concepts/static-vs-dynamic.md"]
        assert "run:snippets" not in html, f"{locale}: an output include was not expanded"
        assert "output shape: torch.Size([1, 10])" in re.sub(r"<[^>]+>", "", html)


def test_no_include_line_survives(built_site: Path) -> None:
    for path in built_site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "--8&lt;--" not in text and "--8<--" not in text, f"{path}: include not expanded"


def test_figures_are_drawn_alike_in_every_language(built_site: Path) -> None:
    """Every drawing has the same shapes in every language; only the words of dyndocs' own
    node labels (output, saved…, sitebuild.pages.figures.NODE_WORDS) are in the page's language."""
    drawings: dict[str, dict[str, list[str]]] = {}
    for locale in locales():
        for page, html in html_pages(built_site, locale).items():
            left = [d for d in ("<!-- graph:", "<!-- table:", "<!-- steps:") if d in html]
            assert not left, f"{locale}/{page}: {left}"
            svgs = re.findall(r'<svg class="graph".*?</svg>', html, re.DOTALL)
            drawings.setdefault(page, {})[locale] = [
                re.sub(r"<title>.*?</desc>", "", svg, flags=re.DOTALL) for svg in svgs
            ]
    drawn = {page: by_locale for page, by_locale in drawings.items() if by_locale[locales()[0]]}
    assert len(drawn) >= 8, f"pages with drawings: {sorted(drawn)}"
    english = {f">{word.replace('_', ' ')}<" for word in NODE_WORDS}
    for page, by_locale in drawn.items():
        shapes = [svg.count("<g") for svg in by_locale[locales()[0]]]
        for locale, svgs in by_locale.items():
            where = f"{locale}/{page}"
            assert [svg.count("<g") for svg in svgs] == shapes, f"{where}: drawings differ"
            words = {w for svg in svgs for w in english | {"when saved"} if w in svg}
            assert locale == locales()[0] or not words, f"{where}: English in a drawing: {words}"
