"""Code comments in the reader's language: the same code, its comments translated, nothing stale.

The translations live in ``i18n/code.<locale>.yml`` (:mod:`sitebuild.pages.comments`).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from sitebuild.languages.glossary import load
from sitebuild.pages.comments import code_of, texts
from sitebuild.pages.comments import load as translations
from sitebuild.pages.includes import expand
from sitebuild.pages.notebooks import fences, setup_cell

from ..reader_runs import titled_blocks
from ..sitebuild.test_comments import stale
from ..support import CONFIG, ROOT, docs, locales, pages, project
from .test_script_and_terms import WRONG_SCRIPT, avoided_in, prose
from .test_typography import EMOJI, HALF_WIDTH, ITALIC, WRONG_QUOTES

OTHERS = locales()[1:]
PYTHON = (["python"], ["py"])


def shown_code(locale: str, page: Path) -> list[str]:
    """The Python blocks of ``page`` in ``locale``, includes expanded as the build does."""
    text = (docs(locale) / page).read_text(encoding="utf-8")
    expanded = expand(text, source=f"docs/{locale}/{page}", config_file=CONFIG, locale=locale)
    return [f.body + "\n" for f in fences(expanded) if f.info.split()[:1] in PYTHON]


@pytest.mark.parametrize("locale", OTHERS)
def test_every_shown_block_is_the_english_code_with_translated_comments(locale: str) -> None:
    translated = 0
    for page in pages(locale):
        english, shown = shown_code(locales()[0], page), shown_code(locale, page)
        assert len(shown) == len(english), f"docs/{locale}/{page}: other Python blocks"
        for number, (en, other) in enumerate(zip(english, shown, strict=True), start=1):
            where = f"docs/{locale}/{page}, Python block {number}"
            try:
                same = code_of(other, where) == code_of(en, where)
            except SyntaxError as error:
                pytest.fail(f"{where}: the block does not compile: {error}")
            assert same, f"{where}: the code differs from English"
            mine = [t.source for t in texts(other) if t.keys]
            assert len(mine) == len([t for t in texts(en) if t.keys]), where
            untranslated = [s for s in mine if s.isascii() and s in en]
            translated += len(mine) - len(untranslated)
    assert translated >= 200, f"{locale}: only {translated} comments or docstrings translated"


@pytest.mark.parametrize("locale", OTHERS)
def test_translations_follow_the_script_glossary_and_typography(locale: str) -> None:
    terms = load(project().glossary, locales())
    kind, detect = WRONG_SCRIPT[locale]
    for english, translated in translations(project().i18n, locale).items():
        where = f"i18n/code.{locale}.yml, {english!r}"
        text = prose(translated)  # without its inline code
        assert not detect(text), f"{where}: {kind} characters {detect(text)}"
        for term in terms:
            avoided = avoided_in(text, term, locale)
            assert not avoided, f"{where}: {avoided}; the glossary says {term.wordings[locale]!r}"
        for pattern in (HALF_WIDTH, WRONG_QUOTES[locale], ITALIC, EMOJI):
            assert not pattern.search(text), f"{where}: {pattern.search(text)}"


def test_no_translation_is_stale() -> None:
    files = sorted((ROOT / "snippets").rglob("*.py")) + sorted((ROOT / "dyndocs").rglob("*.py"))
    sources = [path.read_text(encoding="utf-8") for path in files] + [setup_cell(None)]
    found = stale(project().i18n, sources)
    assert not found, "translations no snippet or dyndocs module uses any more; delete them:\n" + (
        "\n".join(found)
    )


def test_the_built_pages_and_their_copy_show_comments_in_their_language(built_site: Path) -> None:
    expected = {
        "en": ["# clear the gradients", "# backpropagation", "# update the parameters"],
        "zh-hans": ["# 清零梯度", "# 反向传播", "# 更新参数"],
        "zh-hant": ["# 將梯度歸零", "# 反向傳播", "# 更新參數"],
    }
    for locale, comments in expected.items():
        root = built_site if locale == locales()[0] else built_site / locale
        html = (root / "tips" / "zero-grad" / "index.html").read_text(encoding="utf-8")
        blocks = dict(titled_blocks(html))
        code = blocks["snippets/tips/zero-grad/training_loop.py"]
        assert all(comment in code for comment in comments), f"{locale}: {code}"


def test_the_stepper_shows_its_code_lines_with_comments_in_the_pages_language(
    built_site: Path,
) -> None:
    expected = {
        "en": "# writes weight.grad and bias.grad",
        "zh-hans": "# 写入 weight.grad 和 bias.grad",
        "zh-hant": "# 寫入 weight.grad 和 bias.grad",
    }
    for locale, comment in expected.items():
        root = built_site if locale == locales()[0] else built_site / locale
        page = (root / "tips" / "zero-grad" / "index.html").read_text(encoding="utf-8")
        stepper = re.search(r'<pre class="stepper-code".*?</pre>', page, re.S)
        assert stepper and comment in html.unescape(stepper[0]), f"{locale}: the stepper's code"
