"""Typography of the prose, as a native editor of each Chinese variety expects it.

Fails on italics wrapping CJK text (browsers slant CJK glyphs into a fake oblique), half-width
punctuation between CJK characters, the other variety's quotation marks, emoji inside a sentence
(in any language), and language names in Latin letters inside Chinese prose; and, in the built
pages, on a space a reader would see between two Chinese characters.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from sitebuild.languages.builds import WIDE_PUNCTUATION

from ..support import docs, locales, pages
from .test_script_and_terms import prose

CJK = r"[\u3400-\u9fff\uf900-\ufaff]"
ITALIC = re.compile(
    rf"(?<![*\\])\*(?![*\s])(?=[^*\n]*{CJK})[^*\n]+?\*(?!\*)"
    rf"|(?<![_\w\\])_(?!_)(?=[^_\n]*{CJK})[^_\n]+?_(?![_\w])"
    rf"|<em>(?=[^<]*{CJK})"
)
HALF_WIDTH = re.compile(rf"{CJK}[ ]?[,.:;?!()][ ]?{CJK}")
WRONG_QUOTES = {
    "zh-hant": re.compile(rf"[“”‘’]|\"(?={CJK})|(?<={CJK})\""),
    "zh-hans": re.compile(rf"[「」『』]|\"(?={CJK})|(?<={CJK})\""),
}
EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u26FF\u2700-\u27BF\u2B50\u2B55]")
LATIN_LANGUAGE = re.compile(
    r"\b(?:English|Chinese|Simplified|Traditional|Mandarin|Taiwanese|Japanese)\b"
)
CHINESE = [locale for locale in locales() if locale.startswith("zh")]


SPACE = r"[ \t\n\u00a0]+"
WIDE = WIDE_PUNCTUATION.pattern
SHOWN_GAP = re.compile(rf"{CJK}{SPACE}{CJK}|{WIDE}{SPACE}[^\s·]|[^\s·]{SPACE}{WIDE}")
"""A space between two Chinese characters, or next to full-width punctuation (which carries its
own); the spaced middle dot that separates a caption's parts is a separator, not prose."""
ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(.*)</article>', re.S)
NOT_PROSE_HTML = re.compile(r"<(pre|svg|script|style|del)\b.*?</\1>", re.S)
BLOCK_TAG = re.compile(
    r"</?(?:p|li|ul|ol|div|table|thead|tbody|tr|td|th|h[1-6]|figure|figcaption|details|summary"
    r"|dl|dt|dd|br|blockquote|section|nav|hr)\b[^>]*>"
)


def shown_gaps(page: str) -> list[str]:
    """Spaces a reader sees between two Chinese characters, or next to full-width punctuation,
    in a built page's article.

    A space in the source, or a line break that reached the HTML (between two lines of a
    paragraph): browsers draw both as a space. Code, diagrams and struck-out terms are left out,
    and so is the space between two blocks (list items, table cells).
    """
    article = ARTICLE.search(page)
    text = NOT_PROSE_HTML.sub("", article[1] if article else "")
    blocks = html.unescape(re.sub(r"<[^>]+>", "", BLOCK_TAG.sub("\0", text))).split("\0")
    return [b[max(0, m.start() - 12) : m.end() + 12] for b in blocks for m in SHOWN_GAP.finditer(b)]


def emoji_inside_sentences(text: str) -> list[str]:
    """Lines where an emoji is followed by more words on the same line."""
    found = []
    for line in text.splitlines():
        line = re.sub(r"\{[#.][^}]*\}\s*$", "", line)  # a heading's attributes are not words
        for match in EMOJI.finditer(line):
            if re.search(r"\w", line[match.end() :]):
                found.append(line.strip())
    return found


ADMONITION_TITLE = re.compile(r'^(\s*(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+[\w-]+)*\s+)"(.*)"\s*$', re.M)


def typeset_prose(text: str) -> str:
    """The prose of a page, with admonition titles as their text (their quotes are syntax)."""
    return ADMONITION_TITLE.sub(lambda m: m[1] + m[2], prose(text))


def test_the_detectors_find_what_they_look_for() -> None:
    assert ITALIC.search("这是*强调*的") and ITALIC.search("_強調_") and ITALIC.search("<em>強調")
    assert not ITALIC.search("a *word* and **粗体**") and not ITALIC.search("snake_case_名")
    assert HALF_WIDTH.search("记录,然后") and HALF_WIDTH.search("例如(见下文)")
    assert not HALF_WIDTH.search("记录，然后") and not HALF_WIDTH.search("torch.no_grad()")
    assert WRONG_QUOTES["zh-hant"].search("稱為“動態”") and WRONG_QUOTES["zh-hans"].search(
        "「动态」"
    )
    assert emoji_inside_sentences("这很快 🚀 真的") and not emoji_inside_sentences("小结 ✅")
    assert LATIN_LANGUAGE.search("用 English 写") and not LATIN_LANGUAGE.search("英文")
    article = '<article class="md-content__inner md-typeset">{}</article>'
    assert shown_gaps(article.format("<p>计算图；\nPyTorch 2 · 中位数（IQR） · 相对</p>")) == [
        "计算图；\nPyTorch 2 · 中"
    ]
    assert shown_gaps(article.format("<p>下一页讲\n<a>梯度累积</a>。 然后</p>")) == [
        "下一页讲\n梯度累积。 然后",
        "下一页讲\n梯度累积。 然后",
    ]
    assert (
        shown_gaps(
            article.format("<p>用 <code>pdb</code> 调试</p><ul><li>一</li>\n<li>二</li></ul>")
        )
        == []
    )
    assert (
        shown_gaps(
            article.format(
                "<table><tr><td>程式碼 <del>代码</del></td></tr></table><pre>甲 乙</pre>"
            )
        )
        == []
    )
    assert (
        typeset_prose('!!! note "相对文章的改动"\n    正文') == "!!! note 相对文章的改动\n    正文"
    )


def locations(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [
        text[max(0, m.start() - 15) : m.end() + 15].replace("\n", " ")
        for m in pattern.finditer(text)
    ][:5]


@pytest.mark.parametrize(
    ("locale", "page"), [(locale, str(p)) for locale in CHINESE for p in pages(locale)]
)
def test_chinese_typography(locale: str, page: str) -> None:
    text = typeset_prose((docs(locale) / page).read_text(encoding="utf-8"))
    where = f"docs/{locale}/{page}"
    assert not ITALIC.search(text), f"{where}: italics on CJK text: {locations(text, ITALIC)}"
    assert not HALF_WIDTH.search(text), (
        f"{where}: half-width punctuation between CJK characters: {locations(text, HALF_WIDTH)}"
    )
    quotes = WRONG_QUOTES[locale]
    assert not quotes.search(text), f"{where}: wrong quotation marks: {locations(text, quotes)}"
    assert not LATIN_LANGUAGE.search(text), (
        f"{where}: a language named in Latin letters: {locations(text, LATIN_LANGUAGE)}"
    )


@pytest.mark.parametrize(
    ("locale", "page"), [(loc, str(p)) for loc in locales() for p in pages(loc)]
)
def test_no_emoji_inside_a_sentence(locale: str, page: str) -> None:
    text = typeset_prose((docs(locale) / page).read_text(encoding="utf-8"))
    found = emoji_inside_sentences(text)
    assert not found, f"docs/{locale}/{page}: emoji inside a sentence: {found[:3]}"


@pytest.mark.parametrize("locale", CHINESE)
def test_no_space_shows_between_chinese_characters(built_site: Path, locale: str) -> None:
    """As a reader sees the pages: a soft line break between two Chinese lines, or next to
    full-width punctuation, is joined when the page is built
    (sitebuild.languages.builds.unwrap_lines, for notebook pages too), and the source puts no
    space there."""
    found = {}
    for path in sorted((built_site / locale).rglob("index.html")):
        gaps = shown_gaps(path.read_text(encoding="utf-8"))
        if gaps:
            found[str(path.relative_to(built_site))] = gaps[:3]
    assert not found, f"a space between Chinese characters: {found}"
