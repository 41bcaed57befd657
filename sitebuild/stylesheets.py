"""Material's stylesheets as this site serves them: the main one without the rules that no page
of this site can match, the palette's with its switching rule keyed to the reader's switch.

Material ships one stylesheet (134 KiB) for every feature it has, and every page waits for all of
it before its first paint; this site's pages match about a third of it. PurgeCSS does this job but
needs Node at build time, and the site builds with Python alone; so this module does what
PurgeCSS's default extractor does, with tinycss2 to read the CSS:

- the *vocabulary* is every class and id on every page of the built site, every word of its
  scripts (which add classes as they run), and the prefixes that a script builds class names
  from (``md-source__fact--${…}``);
- a selector is kept when every class and id outside its parentheses is in the vocabulary; a
  name inside ``:is()``, ``:not()`` or ``:where()`` never removes a selector (it may not need to
  match);
- a rule is kept when one of its selectors is; ``@media`` and ``@supports`` blocks are purged
  inside; every other at-rule (fonts, keyframes) stays as it is.

The purged sheet gets a name from its own content, and every page links to it.

Material's palette sheet keeps every rule, but one gets another selector
(:func:`retarget_switching`): Material marks the body while it applies a palette, the first one
included as each page loads, and that rule turns every transition off under the mark. A rule that
names the mark makes the browser recompute every element's style when the mark is set and again
when it goes (on a long page of a slow phone, about 0.2 s of the load's main thread). The rule is
keyed instead to a mark that ``overrides/main.html`` sets only while the reader switches.

Examples:
    >>> words, prefixes = vocabulary(['<p class="md-typeset">md-nav</p>'], ['c=`md-tag--${t}`'])
    >>> purge(".md-typeset p{color:red}.md-nav{color:blue}.md-tag--x{a:b}", words, prefixes)
    '.md-typeset p{color:red}.md-tag--x{a:b}'
    >>> purge(".md-nav,.md-typeset :is(.a,.b){x:y}@media print{.md-nav{x:y}}", words, prefixes)
    '.md-typeset :is(.a,.b){x:y}'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tinycss2

from sitebuild import cachefiles

WORD = re.compile(r"[A-Za-z0-9_-]+")
ATTRIBUTE = re.compile(r'\s(?:class|id)="([^"]*)"')
TEMPLATE_PREFIX = re.compile(r"([A-Za-z0-9_-]+)\$\{")
NAME = re.compile(r"[.#](-?[A-Za-z_][\w-]*)")
PURGED = ("media", "supports")
SHEET = "assets/stylesheets/main.*.min.css"
PALETTE_SHEET = "assets/stylesheets/palette.*.min.css"
MATERIAL_SWITCHING = "[data-md-color-switching]"
"""Material's mark on the body while it applies a palette, as its palette sheet selects it."""
READER_SWITCHING = "[data-palette-switching]"
"""The mark ``overrides/main.html`` sets on the body only while the reader switches palettes."""


def vocabulary(
    pages: Iterable[str], scripts: Iterable[str] = ()
) -> tuple[set[str], tuple[str, ...]]:
    """The class and id names of ``pages``, every word of ``scripts``, and the prefixes that
    the scripts' template strings build names from."""
    words: set[str] = set()
    prefixes: set[str] = set()
    for page in pages:
        for value in ATTRIBUTE.findall(page):
            words.update(WORD.findall(value))
    for script in scripts:
        words.update(WORD.findall(script))
        prefixes.update(TEMPLATE_PREFIX.findall(script))
    return words, tuple(sorted(prefixes))


def _outside_parentheses(selector: str) -> str:
    kept, depth = [], 0
    for char in selector:
        depth += char == "("
        if depth == 0:
            kept.append(char)
        depth -= char == ")" and depth > 0
    return "".join(kept)


def _split_selectors(prelude: str) -> list[str]:
    """The selectors of a rule's prelude, split at the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(prelude):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(prelude[start:index])
            start = index + 1
    parts.append(prelude[start:])
    return [part.strip() for part in parts if part.strip()]


def used(selector: str, words: set[str], prefixes: tuple[str, ...]) -> bool:
    """Whether every class and id outside the parentheses of ``selector`` can be on a page."""
    names = NAME.findall(_outside_parentheses(selector))
    return all(name in words or name.startswith(prefixes) for name in names)


def _rule_texts(css: str) -> list[tuple[Any, str]]:
    """Every top-level rule of ``css`` with its exact source text, as the author wrote it.

    Kept rules are copied, not re-serialized: tinycss2 would write some strings differently
    (``\\3c `` as ``<``), and a custom property keeps its text as written, so a re-serialized
    sheet would not compute the same values.
    """
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    line_starts = [0]
    for line in css.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    starts = [line_starts[r.source_line - 1] + r.source_column - 1 for r in rules]
    ends = [*starts[1:], len(css)]
    texts = []
    for rule, start, end in zip(rules, starts, ends, strict=True):
        text = re.sub(r"/\*.*?\*/", "", css[start:end], flags=re.S).strip()
        texts.append((rule, text))
    return texts


def purge(css: str, words: set[str], prefixes: tuple[str, ...]) -> str:
    """``css`` without the rules none of whose selectors is ``used``."""
    kept = []
    for rule, text in _rule_texts(css):
        if rule.type == "qualified-rule":
            prelude, block = text.split("{", 1)
            selectors = _split_selectors(prelude)
            matching = [s for s in selectors if used(s, words, prefixes)]
            if len(matching) == len(selectors):
                kept.append(text)
            elif matching:
                kept.append(",".join(matching) + "{" + block)
        elif rule.type == "at-rule" and rule.lower_at_keyword in PURGED and rule.content:
            prelude, block = text.split("{", 1)
            inner = purge(block.rstrip().removesuffix("}"), words, prefixes)
            if inner:
                kept.append(f"{prelude}{{{inner}}}")
        elif rule.type != "error":
            kept.append(text)
        else:
            raise ValueError(f"unreadable CSS rule: {rule.message}")
    return "".join(kept)


def purge_site(site: Path, cache: Path) -> Path | None:
    """Replace the site's Material stylesheet by its purged copy, linked from every page.

    The purged copy is kept in ``cache`` for the stylesheet and the vocabulary it was purged
    with. Returns the new stylesheet, or None when the site has no Material stylesheet.
    """
    sheet = _material_sheet(site, SHEET)
    if sheet is None:
        return None
    pages = sorted(site.rglob("*.html"))
    scripts = sorted((site / "assets").rglob("*.js"))
    words, prefixes = vocabulary(
        (p.read_text(encoding="utf-8") for p in pages),
        (p.read_text(encoding="utf-8") for p in scripts),
    )
    original = sheet.read_text(encoding="utf-8")
    # The key covers the sheet, the vocabulary and this module, which decides what is dropped.
    code = Path(__file__).read_text(encoding="utf-8")
    key = hashlib.sha256("\n".join([code, original, *sorted(words), *prefixes]).encode())
    kept = cache / f"{key.hexdigest()[:20]}.css"
    css = cachefiles.read_text(kept)
    if css is None:
        try:
            css = purge(original, words, prefixes)
        except ValueError as error:
            raise ValueError(f"{sheet}: {error}") from error
        cachefiles.write_text(kept, css)
    return _replace_sheet(sheet, css, pages)


def retarget_switching(css: str) -> str:
    """``css`` with Material's palette-switching selector replaced by the reader's.

    >>> retarget_switching("[data-md-color-switching] *{transition-duration:0s!important}")
    '[data-palette-switching] *{transition-duration:0s!important}'
    """
    if MATERIAL_SWITCHING not in css:
        raise ValueError(f"no {MATERIAL_SWITCHING} rule: has Material changed its palette switch?")
    return css.replace(MATERIAL_SWITCHING, READER_SWITCHING)


def retarget_site(site: Path) -> Path | None:
    """Replace the site's Material palette sheet by its retargeted copy, linked from every page.

    Returns the new sheet, or None when the site has no palette sheet (a theme without one).
    """
    sheet = _material_sheet(site, PALETTE_SHEET)
    if sheet is None:
        return None
    try:
        css = retarget_switching(sheet.read_text(encoding="utf-8"))
    except ValueError as error:
        raise ValueError(f"{sheet}: {error}") from error
    return _replace_sheet(sheet, css, sorted(site.rglob("*.html")))


def _material_sheet(site: Path, pattern: str) -> Path | None:
    sheets = sorted(site.glob(pattern))
    if len(sheets) > 1:
        raise ValueError(f"{site}: more than one Material stylesheet {pattern}: {sheets}")
    return sheets[0] if sheets else None


def _replace_sheet(sheet: Path, css: str, pages: list[Path]) -> Path:
    """``css`` written under a name from its content, in place of ``sheet`` on every page."""
    stem = sheet.name.split(".", 1)[0]
    digest = hashlib.sha256(css.encode()).hexdigest()[:8]
    target = sheet.with_name(f"{stem}.{digest}.min.css")
    if target == sheet:
        return sheet
    target.write_text(css, encoding="utf-8")
    sheet.unlink()
    sheet.with_name(sheet.name + ".map").unlink(missing_ok=True)
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if sheet.name in html:
            page.write_text(html.replace(sheet.name, target.name), encoding="utf-8")
    return target
