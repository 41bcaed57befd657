"""Typography of the prose, as a native editor of each Chinese variety expects it.

Fails on italics wrapping CJK text (browsers slant CJK glyphs into a fake oblique), half-width
punctuation between CJK characters, the other variety's quotation marks, emoji inside a sentence
(in any language), and language names in Latin letters inside Chinese prose.
"""

from __future__ import annotations

import re

import pytest

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
