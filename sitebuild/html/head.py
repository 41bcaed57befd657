"""What a page's ``<head>`` tells search engines and link previews, in the page's language.

- a description taken from the page's first paragraph, not the site's one line;
- the page in every language, as ``hreflang`` alternates with absolute URLs, and ``x-default``;
- Open Graph title, description, URL and locale.

``overrides/main.html`` renders them in place of Material's ``site_meta`` block.

Examples:
    >>> description_of('<h1>T</h1><p>The graph is <em>recorded</em> as the code runs. More.</p>')
    'The graph is recorded as the code runs. More.'
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from mkdocs.exceptions import PluginError

LIMIT = {"en": 160, "zh": 90}
"""Longest description in characters: about what a result page shows (CJK glyphs are wider)."""
HREFLANG = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}
"""The BCP 47 tags of the site's locales whose folder names are not already one."""
OG_LOCALE = {"en": "en_US", "zh-hans": "zh_CN", "zh-hant": "zh_TW"}

ASIDE_CLASSES = {"admonition", "notebook-links", "graph-figure", "bench-figure", "highlight"}
"""Blocks whose paragraphs are not the page's own opening words: notes, links, figures, code."""


class _Paragraphs(HTMLParser):
    """Collects the text of ``<p>`` elements that are not inside an aside."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.paragraphs: list[str] = []
        self.current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        aside = bool(classes & ASIDE_CLASSES) or tag in {"details", "figure", "pre"}
        self.stack.append((tag, aside))
        if tag == "p" and not any(a for _, a in self.stack):
            self.current = []

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, _ = self.stack.pop()
            if name == tag:
                break
        if tag == "p" and self.current is not None:
            self.paragraphs.append(re.sub(r"\s+", " ", "".join(self.current)).strip())
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current is not None:
            self.current.append(data)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, at a sentence end if one is near."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    ends = [m.end() for m in re.finditer(r"[。！？]|[.!?](?=\s)", cut)]
    if ends and ends[-1] > limit // 2:
        return cut[: ends[-1]].strip()
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut[:-1]).rstrip(" ,，、") + "…"


def description_of(content: str, locale: str = "en", page: str = "the page") -> str:
    """The first paragraph of a page's HTML that is its own prose, shortened for a snippet.

    Raises:
        PluginError: No paragraph of the page's own is long enough to describe it; the message
            names ``page``.
    """
    parser = _Paragraphs()
    # Fed a piece at a time, so that parsing stops at the opening paragraph, not the page's end.
    for start in range(0, len(content), 8192):
        parser.feed(content[start : start + 8192])
        for text in parser.paragraphs:
            if len(text) >= 20:
                return shorten(text, LIMIT["zh" if locale.startswith("zh") else "en"])
    raise PluginError(f"{page}: no paragraph of at least 20 characters to describe the page")


def hreflang(locale: str) -> str:
    """The ``hreflang`` value of one of the site's locales: ``zh-hans`` is ``zh-Hans``."""
    return HREFLANG.get(locale, locale)


def alternates(site_url: str, path: str, roots: dict[str, str]) -> list[dict[str, str]]:
    """The ``hreflang`` and absolute ``href`` of each ``<link rel="alternate">`` of the page at
    ``path`` (relative to its language's root); ``x-default`` is the page at the site's root.

    Examples:
        >>> roots = {"en": "", "zh-hans": "zh-hans/"}
        >>> alternates("https://x.org/g/", "tips/", roots)[1:]
        [{'hreflang': 'zh-Hans', 'href': 'https://x.org/g/zh-hans/tips/'},
         {'hreflang': 'x-default', 'href': 'https://x.org/g/tips/'}]
    """
    base = site_url.rstrip("/") + "/"
    found = {hreflang(locale): f"{base}{root}{path}" for locale, root in roots.items()}
    found["x-default"] = f"{base}{path}"
    return [{"hreflang": lang, "href": href} for lang, href in found.items()]
