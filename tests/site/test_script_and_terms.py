"""Each Chinese page is in its own script and follows the glossary.

zh-hant prose has no Simplified-only characters and none of the glossary's
mainland wording; zh-hans prose has no Traditional-only characters. Code,
include lines, URLs and HTML comments are not prose and are left out.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import opencc
import pytest

from sitebuild.languages.glossary import Term, load
from sitebuild.pages.figures import DIRECTIVE

from ..support import docs, locales, pages, project

GLOSSARY = project().glossary

NOT_PROSE = re.compile(
    r"^(`{3,}|~{3,}).*?^\1\s*$"  # fenced code
    r"|`[^`\n]+`"  # inline code
    r"|<!--.*?-->"  # comments, e.g. benchmark markers
    r"|\]\([^)]*\)"  # link targets
    r"|^---\n.*?\n---\n",  # front matter
    re.MULTILINE | re.DOTALL,
)
# Characters OpenCC converts that are also standard in Taiwan's usage.
TAIWAN_ALSO = set("台著峰")


@cache
def converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def prose(text: str) -> str:
    """The page's prose, figure captions included (they sit inside the directives' comments)."""
    text = DIRECTIVE.sub(lambda m: " " + m["caption"] + " ", text)
    return NOT_PROSE.sub(" ", text)


def simplified_only(text: str) -> list[str]:
    """Characters that only exist in Simplified Chinese."""
    s2t, t2s = converter("s2t"), converter("t2s")
    return sorted(
        {c for c in text if s2t.convert(c) != c and t2s.convert(c) == c and c not in TAIWAN_ALSO}
    )


def traditional_only(text: str) -> list[str]:
    """Characters that only exist in Traditional Chinese."""
    t2s = converter("t2s")
    return sorted({c for c in text if t2s.convert(c) != c})


def context(text: str, chars: list[str] | str) -> list[str]:
    lines = [line.strip() for line in text.splitlines() if any(c in line for c in chars)]
    return lines[:5]


def avoided_in(text: str, term: Term, locale: str) -> list[str]:
    """The wording ``term`` avoids in ``locale`` that ``text`` uses outside the term's own wording,
    so a term may avoid part of itself: breakpoint's 中斷點 avoids a bare 斷點."""
    rest = text.replace(term.wordings[locale], " ")
    return [avoided for avoided in term.avoid.get(locale, ()) if avoided in rest]


def test_avoided_wording_is_found_outside_the_terms_own() -> None:
    term = Term(
        {"en": "breakpoint", "zh-hans": "断点", "zh-hant": "中斷點"}, {"zh-hant": ("斷點",)}
    )
    assert avoided_in("開頭設有中斷點。", term, "zh-hant") == []
    assert avoided_in("開頭設有斷點，其後是中斷點。", term, "zh-hant") == ["斷點"]
    assert avoided_in("开头设有断点。", term, "zh-hans") == []


def test_detectors_see_the_other_script() -> None:
    assert simplified_only("内存于代码") == ["于", "内", "码"]
    assert simplified_only("記憶體與程式碼") == []
    assert traditional_only("記憶體") == sorted("記憶體")
    assert traditional_only("内存与代码") == []


WRONG_SCRIPT = {
    "zh-hant": ("Simplified-only", simplified_only),
    "zh-hans": ("Traditional-only", traditional_only),
}


@pytest.mark.parametrize(
    ("locale", "page"),
    [(locale, str(p)) for locale in WRONG_SCRIPT for p in pages(locale)],
)
def test_chinese_page_script_and_terms(locale: str, page: str) -> None:
    text = prose((docs(locale) / page).read_text(encoding="utf-8"))
    kind, detect = WRONG_SCRIPT[locale]
    found = detect(text)
    assert not found, f"docs/{locale}/{page}: {kind} characters {found}: {context(text, found)}"
    for term in load(GLOSSARY, locales()):
        avoided = avoided_in(text, term, locale)
        assert not avoided, (
            f"docs/{locale}/{page}: uses {avoided}; the glossary says "
            f"{term.wordings[locale]!r} for {term.wordings['en']!r}: {context(text, avoided)}"
        )


def test_glossary_is_consistent() -> None:
    terms = load(GLOSSARY, locales())
    assert len({t.wordings["en"] for t in terms}) == len(terms), (
        "glossary.yml lists an English term twice"
    )
    for term in terms:
        hans, hant = term.wordings["zh-hans"], term.wordings["zh-hant"]
        assert not traditional_only(hans), f"glossary.yml: {hans!r} is not Simplified"
        assert not simplified_only(hant), f"glossary.yml: {hant!r} is not Traditional"
        for locale in locales():
            assert term.wordings[locale] not in term.avoid.get(locale, ()), term


INTERFACE = re.compile(
    r'\s(?:title|aria-label|placeholder)="(?P<attribute>[^"]*)"'
    r'|<script id="__config" type="application/json">(?P<config>.*?)</script>'
    r'|<a href="[^"]*" class="md-skip">(?P<skip>[^<]*)</a>',
    re.DOTALL,
)
MATERIAL_ZH_HANT = ("拷貝", "回到頂部", "跳轉", "清空", "頁脚", "導航", "源代碼")
"""Material's own zh-Hant wording, which reads as mainland usage: zh-hant takes Taiwan's."""


ENGLISH = re.compile(r"\b[A-Za-z]{2,}(?: [a-z]{2,})+\b")
"""Two English words in a row: an interface string left untranslated (a name is one word)."""
HALF_WIDTH_AFTER_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff][,.:;?!]")
"""Half-width punctuation right after a Chinese character, as in Material's footer link label
``下一页: 小结``: Chinese takes the full-width mark (``：``)."""


@pytest.mark.parametrize("locale", list(WRONG_SCRIPT))
def test_the_interface_is_in_the_pages_language(built_site: Path, locale: str) -> None:
    """The theme's and the site's strings on every Chinese page (buttons, toggles, labels,
    search, the skip link, what a notebook's copy button says once clicked): no English left,
    the page's own script, no half-width punctuation after a Chinese character, none of the
    wording the glossary avoids, and in zh-hant none of Material's mainland zh-Hant wording."""
    kind, detect = WRONG_SCRIPT[locale]
    terms = load(GLOSSARY, locales())
    material = MATERIAL_ZH_HANT if locale == "zh-hant" else ()
    found = sorted((built_site / locale).rglob("index.html"))
    assert len(found) == len(pages(locale)), f"a {locale} page is missing from the build"
    for path in found:
        html = path.read_text(encoding="utf-8")
        where = path.relative_to(built_site)
        texts = []
        for match in INTERFACE.finditer(html):
            if match["config"]:
                texts += json.loads(match["config"])["translations"].values()
            else:
                texts.append(match["attribute"] or match["skip"] or "")
        interface = "\n".join(texts)
        english = sorted(set(ENGLISH.findall(interface)))
        assert not english, f"{where}: English in the interface: {english}"
        wrong = detect(interface)
        assert not wrong, f"{where}: {kind} {wrong}: {context(interface, wrong)}"
        half_width = [line for line in texts if HALF_WIDTH_AFTER_CJK.search(line)]
        assert not half_width, f"{where}: half-width punctuation after Chinese: {half_width[:3]}"
        avoided = [a for term in terms for a in avoided_in(interface, term, locale)]
        avoided += [word for word in material if word in interface]
        assert not avoided, f"{where}: the interface says {avoided}"
        if locale == "zh-hant":
            assert '<html lang="zh-Hant"' in html, f"{where}: not tagged zh-Hant"
            assert "複製" in interface and "跳至主要內容" in interface, f"{where}: not zh-TW's"
