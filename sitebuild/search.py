"""What the search index holds (prose and headings, not code), made once per page content.

Material indexes every element of a page unless it carries ``data-search-exclude``. Code blocks
and their outputs, the API reference's source listings included, made up most of each language's
index, which every reader downloads to search it; readers search for ideas and names, which the
prose, the docstrings and the headings carry.

Material parses each page's HTML and segments its Chinese with jieba on every build: about two
seconds of a warm build, most of it on pages that did not change. :class:`CachedSearchIndex`
keeps each page's entries under ``.cache/search``, keyed by everything Material reads to make
them (see :func:`entry_key`).

Examples:
    >>> from sitebuild.search import lean
    >>> lean('<div class="language-python highlight"><pre>x = 1</pre></div>')
    '<div data-search-exclude class="language-python highlight"><pre>x = 1</pre></div>'
"""

from __future__ import annotations

import hashlib
import json
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

from material.plugins.search.plugin import SearchIndex, jieba
from mkdocs.config.defaults import MkDocsConfig

from sitebuild import cachefiles

EXCLUDED = re.compile(r'<div (?=class="(?:[^"]*\s)?highlight[\s"])')
"""A code block: Pygments' ``highlight`` wrapper."""


def lean(content: str) -> str:
    """``content`` with its code blocks left out of the search index."""
    return EXCLUDED.sub("<div data-search-exclude ", content)


class CachedSearchIndex(SearchIndex):  # type: ignore[misc]
    """Material's search index, which reads each page's entries from the cache when it can."""

    def __init__(self, cache_dir: Path, **config: Any) -> None:
        super().__init__(**config)
        self.cache_dir = cache_dir
        self.tools = tools_digest(config)  # once per build, not once per page

    def add_entry_from_context(self, page: Any) -> None:
        kept = self.cache_dir / f"{entry_key(page, self.tools)}.json"
        if (text := cachefiles.read_text(kept)) is not None:
            self.entries.extend(json.loads(text))
            return
        first = len(self.entries)
        super().add_entry_from_context(page)
        cachefiles.write_text(kept, json.dumps(self.entries[first:], ensure_ascii=False))


def entry_key(page: Any, tools: str) -> str:
    """Digest of what Material's entries for ``page`` depend on: the page's HTML, URL, title,
    front matter (``title``, ``tags``, ``search``) and table-of-contents anchors, and ``tools``
    (see :func:`tools_digest`)."""
    meta = {name: page.meta.get(name) for name in ("title", "tags", "search")}
    parts = [
        page.content or "",
        page.url,
        str(page.title),
        json.dumps(meta, sort_keys=True, default=str),
        json.dumps(_anchors(page.toc)),
        tools,
    ]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:32]


def tools_digest(config: dict[str, Any]) -> str:
    """Digest of what every page's entries depend on: jieba's version and dictionaries, which
    segment the Chinese; Material's version; and this module, which decides what is indexed."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    parts = [version("mkdocs-material"), version("jieba") if jieba else "no jieba"]
    for setting in ("jieba_dict", "jieba_dict_user"):
        path = config.get(setting)
        parts.append(f"{setting}={path}")
        if path and Path(path).is_file():
            parts.append(hashlib.sha256(Path(path).read_bytes()).hexdigest())
    digest.update("\0".join(parts).encode("utf-8"))
    return digest.hexdigest()


def _anchors(toc: Any) -> list[list[str]]:
    """``[id, url]`` of every table-of-contents entry, nested ones included, in order."""
    found: list[list[str]] = []
    for item in toc or ():
        found.append([str(item.id), str(item.url)])
        found.extend(_anchors(item.children))
    return found


def cache_entries(config: MkDocsConfig, cache_dir: Path) -> None:
    """Make Material's search plugin, if the site uses it, keep each page's entries."""
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    if plugin is None or not plugin.config.enabled:
        return
    if not isinstance(plugin.search_index, CachedSearchIndex):
        plugin.search_index = CachedSearchIndex(cache_dir, **plugin.config)
