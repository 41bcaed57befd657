"""The API reference's docstrings in the reader's language (sitebuild/pages/docstrings.py).

On a made-up package: the translation replaces the prose and the examples' comments, English is
left as it is, and a missing translation names the object and the paragraph. On ``dyndocs``:
every docstring in each Chinese language parses into the English one's sections, items and
example code. In the built site: the English reference keeps its English, each Chinese one shows
its translation, and its examples run the English code.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from types import SimpleNamespace

import griffe
import pytest

from sitebuild.pages.comments import TranslationError, code_tokens
from sitebuild.pages.docstrings import objects, private, set_locale

from ..support import ROOT, locales
from .test_bad_input import GOOD, build_project, three_languages
from .test_build import html_pages

OTHERS = locales()[1:]
EXTENSION = "sitebuild.pages.docstrings"

SQUARES = '''"""Square numbers.

Examples:
    >>> square(3)  # three squared
    9
"""


def square(x: int) -> int:
    """Return ``x`` squared.

    Args:
        x: The number,
            any integer.

    Returns:
        Its square.
    """
    return x * x


def _helper() -> None:
    """Not shown in the reference."""
'''
TRANSLATIONS = """\
Square numbers.: 平方数。
three squared: 三的平方
Return ``x`` squared.: 返回 ``x`` 的平方。
'Args: x: The number, any integer.': |-
  Args:
      x: 要求平方的数，
          任意整数。
'Returns: Its square.': |-
  Returns:
      它的平方。
"""


def load(root: Path, locale: str, package: str = "squares") -> griffe.Module:
    """``package`` from ``root`` as mkdocstrings loads it, with the extension set to ``locale``."""
    extensions = griffe.load_extensions({EXTENSION: {"base_path": root, "locale": locale}})
    module = griffe.load(
        package, search_paths=[root], docstring_parser="google", extensions=extensions
    )
    assert isinstance(module, griffe.Module)
    return module


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "squares.py").write_text(SQUARES, encoding="utf-8")
    (tmp_path / "i18n").mkdir()
    for locale in OTHERS:
        (tmp_path / "i18n" / f"code.{locale}.yml").write_text(TRANSLATIONS, encoding="utf-8")
    return tmp_path


def test_a_docstring_shows_its_translation_with_the_same_sections(project: Path) -> None:
    module = load(project, "zh-hans")
    assert module.docstring is not None
    assert module.docstring.value == "平方数。\n\nExamples:\n    >>> square(3)  # 三的平方\n    9"
    square = module["square"].docstring
    assert square.value.startswith("返回 ``x`` 的平方。\n\nArgs:\n")
    parameters, returns = square.parsed[1:]
    assert [(p.name, p.description) for p in parameters.value] == [
        ("x", "要求平方的数，任意整数。")
    ]
    assert [r.description for r in returns.value] == ["它的平方。"]
    assert module["_helper"].docstring.value == "Not shown in the reference."


def test_english_is_left_as_it_is(project: Path) -> None:
    module = load(project, "en")
    assert module.docstring is not None and module.docstring.value.startswith("Square numbers.")
    assert "# three squared" in module.docstring.value
    assert module["square"].docstring.value.startswith("Return ``x`` squared.")


def test_a_missing_translation_names_the_object_and_the_paragraph(project: Path) -> None:
    yml = project / "i18n" / "code.zh-hant.yml"
    yml.write_text(TRANSLATIONS.replace("three squared: 三的平方\n", ""), encoding="utf-8")
    (project / "squares.py").write_text(SQUARES + 'ONE = 1\n"""One."""\n', encoding="utf-8")
    with pytest.raises(TranslationError) as error:
        load(project, "zh-hant")
    message = str(error.value)
    assert "no zh-hant translation" in message
    assert "squares (squares.py, line 4): 'three squared'" in message
    assert "squares.ONE (squares.py, line 25): 'One.'" in message
    assert "Add them to i18n/code.zh-hans.yml and i18n/code.zh-hant.yml" in message
    assert "_helper" not in message  # private: the reference does not show it


def test_a_missing_translation_fails_the_build_naming_the_page_and_the_object() -> None:
    page = GOOD + "\n::: untranslated_api\n"
    module = {"untranslated_api.py": '"""A module no language has translated."""\n'}
    status, log = build_project("untranslated-docstring", three_languages(page), files=module)
    assert status != 0
    named = "untranslated_api (untranslated_api.py, line 1): 'A module no language has translated.'"
    assert named in log, log[-3000:]
    assert "zh-hans/index.md" in log, "the build log does not name the page"


def test_the_site_plugin_gives_the_extension_each_builds_language() -> None:
    handlers = {"python": {"options": {"extensions": ["other", {EXTENSION: {"base_path": "."}}]}}}
    plugin = SimpleNamespace(config=SimpleNamespace(handlers=handlers))
    set_locale(plugin, "zh-hant")
    set_locale(plugin, "en")  # each build sets its own, never keeps the last
    extensions = handlers["python"]["options"]["extensions"]
    assert extensions == ["other", {EXTENSION: {"base_path": ".", "locale": "en"}}]


def dyndocs(locale: str) -> dict[str, griffe.Object]:
    return {obj.path: obj for obj in objects(load(ROOT, locale, "dyndocs"))}


def shape(docstring: griffe.Docstring) -> list[tuple[str, list[str]]]:
    """What a translation must keep: each section's kind, and the names of its items or, for
    examples, their code's tokens and their output."""
    kept = []
    for section in docstring.parsed:
        if isinstance(section, griffe.DocstringSectionExamples):
            items = [
                repr(example_parts(text)) for kind, text in section.value if kind.value != "text"
            ]
        elif isinstance(section, griffe.DocstringSectionText):
            items = []
        else:
            items = [str(getattr(item, "name", "") or item.annotation) for item in section.value]
        kept.append((section.kind.value, items))
    return kept


def example_parts(text: str) -> tuple[list[tuple[int, str]], list[str]]:
    """The tokens of an example's code (comments aside) and its output lines."""
    lines = text.split("\n")
    code = [
        line[4:] for line in lines if line.startswith((">>> ", "... ")) or line in {">>>", "..."}
    ]
    output = [line for line in lines if not line.startswith((">>>", "..."))]
    return code_tokens("\n".join(code) + "\n"), output


@pytest.mark.parametrize("locale", OTHERS)
def test_every_dyndocs_docstring_keeps_its_sections_items_and_examples(locale: str) -> None:
    english, translated = dyndocs(""), dyndocs(locale)
    changed = 0
    for path, obj in english.items():
        if obj.docstring is None or private(obj):
            continue
        other = translated[path].docstring
        assert other is not None
        assert shape(other) == shape(obj.docstring), f"{locale}: {path}"
        changed += other.value != obj.docstring.value
    assert changed >= 90, f"{locale}: only {changed} docstrings translated"


def summaries(site: Path) -> dict[str, str]:
    """The first paragraph of each docstring the English reference shows, by object, as text."""
    shown = set()
    for page in ("reference/api.md", "reference/graph.md"):
        shown |= set(re.findall(r'<h\d id="(dyndocs\.[\w.]+)"', html_pages(site, "en")[page]))
    english = dyndocs("")
    found = {}
    for path in sorted(shown):
        docstring = english[path].docstring
        if docstring is not None:
            found[path] = docstring.value.split("\n\n")[0]
    return found


def text_of(markdown: str) -> str:
    """A paragraph's words as a page shows them: inline code marks gone, spaces collapsed."""
    return " ".join(markdown.replace("`", "").split())


def shown_text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def test_the_reference_pages_show_each_docstring_in_their_language(built_site: Path) -> None:
    summaries_en = summaries(built_site)
    assert len(summaries_en) >= 60, sorted(summaries_en)
    pages = {
        locale: shown_text(
            "".join(
                html_pages(built_site, locale)[f"reference/{name}.md"] for name in ("api", "graph")
            )
        )
        for locale in locales()
    }
    for locale in OTHERS:
        translated = dyndocs(locale)
        for path, summary in summaries_en.items():
            words = translated[path].docstring.value.split("\n\n")[0]
            assert text_of(summary) in pages["en"], f"en: {path}: {summary!r}"
            assert text_of(words) in pages[locale], f"{locale}: {path}: {words!r}"
            assert text_of(summary) not in pages[locale], f"{locale}: {path} in English"


PYCON = re.compile(r'<div [^>]*class="language-pycon highlight"><pre>(.*?)</pre>', re.S)


def examples_shown(page: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", block)) for block in PYCON.findall(page)]


@pytest.mark.parametrize("locale", OTHERS)
def test_the_shown_examples_are_the_english_code(built_site: Path, locale: str) -> None:
    comments = 0
    for page in ("reference/api.md", "reference/graph.md"):
        english = examples_shown(html_pages(built_site, "en")[page])
        shown = examples_shown(html_pages(built_site, locale)[page])
        assert len(shown) == len(english) >= 5, f"{locale}/{page}"
        for number, (en, other) in enumerate(zip(english, shown, strict=True), start=1):
            assert example_parts(other) == example_parts(en), f"{locale}/{page}, example {number}"
            comments += en != other
    assert comments >= 3, f"{locale}: the examples' comments are not translated"
