r"""Styles a page carries only when it uses them, and only once.

mkdocstrings adds its stylesheet to every page of the site, though only the API reference shows
what it styles; on the other pages it is 6.6 KiB of each page's 400 KiB budget. Every graph
drawing carries its own ``<style>`` so that it stands alone in a notebook; on a page, whose
styles apply to the whole document, the first copy serves them all. The minify plugin leaves
inline scripts as written; jsmin minifies them.

Examples:
    >>> from sitebuild.weight import drop_unused_stylesheets
    >>> page = '<link rel="stylesheet" href="../assets/_mkdocstrings.css"><p>Prose.</p>'
    >>> drop_unused_stylesheets(page)
    '<p>Prose.</p>'
    >>> drop_repeated_styles("<svg><style>a{}</style></svg><svg><style>a{}</style></svg>")
    '<svg><style>a{}</style></svg><svg></svg>'
    >>> minify_inline_scripts("<script>\n  var answer = 42;  // why\n</script>")
    '<script>var answer=42;</script>'
    >>> api = '<link rel="stylesheet" href="assets/_mkdocstrings.css"><div class="doc doc-object">'
    >>> drop_unused_stylesheets(api) == api
    True
"""

from __future__ import annotations

import re
from functools import lru_cache

from jsmin import jsmin

USED_BY = {"_mkdocstrings.css": 'class="doc doc-'}
"""Stylesheet file name -> the markup of a page that needs it."""


def drop_unused_stylesheets(output: str) -> str:
    """``output`` without the links to stylesheets whose markup it does not contain."""
    for name, marker in USED_BY.items():
        if marker not in output:
            link = rf'<link rel="stylesheet" href="(?:[^"]*/)?{re.escape(name)}"\s*/?>\s*'
            output = re.sub(link, "", output)
    return output


def drop_repeated_styles(output: str) -> str:
    """``output`` with each inline ``<style>`` block kept only where it first appears."""
    seen: set[str] = set()

    def first_only(match: re.Match[str]) -> str:
        if match[0] in seen:
            return ""
        seen.add(match[0])
        return match[0]

    return re.sub(r"<style>.*?</style>", first_only, output, flags=re.DOTALL)


def minify_inline_scripts(output: str) -> str:
    """``output`` with the JavaScript of each ``<script>`` that has no ``src`` minified."""
    return re.sub(
        r"<script>(.*?)</script>",
        lambda m: f"<script>{_minified(m[1])}</script>",
        output,
        flags=re.DOTALL,
    )


@lru_cache(maxsize=256)
def _minified(script: str) -> str:
    """``script`` minified; remembered, since every page of a build carries the same few."""
    return str(jsmin(script)).strip()

