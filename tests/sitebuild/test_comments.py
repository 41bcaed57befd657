"""Code comments in the page's language (sitebuild/pages/comments.py), on made-up code."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import markdown
import pytest

from sitebuild.languages.strings import read_yaml
from sitebuild.pages.comments import (
    TranslationError,
    code_tokens,
    key_of,
    load,
    missing,
    texts,
    translate,
)

CODE = '''"""Train a model.

Examples:
    >>> 1 + 1
    2
"""

x = 1  # clear   the gradients
# backpropagation
s = "# not a comment"


def f():
    """Update the
    parameters."""
    return x  # noqa: F821
'''
TABLE = {
    "Train a model.": "训练模型。",
    "clear the gradients": "清零梯度",
    "backpropagation": "反向传播",
    "Update the parameters.": "更新参数。\n第二行。",
}


def test_comments_and_docstrings_are_found_by_their_collapsed_english() -> None:
    keys = [key for text in texts(CODE) for key in text.keys]
    assert keys == list(TABLE)  # not the string, the examples or the noqa pragma


def test_a_translation_changes_comments_and_docstrings_only() -> None:
    translated = translate(CODE, TABLE)
    assert translated == (
        '"""训练模型。\n\nExamples:\n    >>> 1 + 1\n    2\n"""\n\n'
        'x = 1  # 清零梯度\n# 反向传播\ns = "# not a comment"\n\n\n'
        'def f():\n    """更新参数。\n    第二行。"""\n    return x  # noqa: F821\n'
    )
    assert code_tokens(translated) == code_tokens(CODE)
    compile(translated, "translated", "exec")


def test_a_changed_token_is_seen() -> None:
    assert code_tokens(CODE.replace("x = 1", "x = 2")) != code_tokens(CODE)
    assert code_tokens(CODE.replace('s = "#', 's = "$')) != code_tokens(CODE)


def test_each_missing_translation_is_listed_with_its_line() -> None:
    table = {k: v for k, v in TABLE.items() if k != "backpropagation"}
    assert missing(CODE, table) == [(9, "backpropagation")]
    with pytest.raises(KeyError, match="backpropagation"):
        translate(CODE, table)


def test_the_comments_of_docstring_examples_are_translated_not_their_code_or_pragmas() -> None:
    code = (
        'def f():\n    """Nothing.\n\n    Examples:\n'
        "        >>> f()  # call it\n        None  # output\n"
        '        >>> [0] * 99  # doctest: +ELLIPSIS\n        [0, ...]\n    """\n'
    )
    assert missing(code, {}) == [(2, "Nothing."), (5, "call it")]  # not the output, not the pragma
    translated = translate(code, {"Nothing.": "什么也不做。", "call it": "调用它"})
    assert translated.startswith('def f():\n    """什么也不做。\n\n    Examples:\n')
    assert translated.endswith(code.split("Nothing.")[1].replace("# call it", "# 调用它"))
    assert code_tokens(translated) == code_tokens(code)


def stale(folder: Path, sources: Iterable[str]) -> list[str]:
    """``file: key`` for each translation whose English text none of the code ``sources`` has."""
    used = {key for source in sources for text in texts(source) for key in text.keys}
    return [
        f"{path.relative_to(folder.parent)}: {key!r}"  # i18n/code.zh-hans.yml: 'text'
        for path in sorted(folder.glob("code.*.yml"))
        for key in (read_yaml(path) or {})
        if key_of(key) not in used
    ]


def test_a_translation_no_snippet_uses_is_stale(tmp_path: Path) -> None:
    i18n = tmp_path / "i18n"
    i18n.mkdir()
    (i18n / "code.zh-hans.yml").write_text(
        "clear the   gradients: 清零梯度\nan old comment: 旧注释\n", encoding="utf-8"
    )
    assert stale(i18n, [CODE]) == ["i18n/code.zh-hans.yml: 'an old comment'"]
    assert load(i18n, "zh-hans")["clear the gradients"] == "清零梯度"
    assert load(i18n, "en") == {}


def markdown_of(root: Path, locale: str) -> markdown.Markdown:
    return markdown.Markdown(
        extensions=["sitebuild.pages.outputs", "pymdownx.snippets"],
        extension_configs={
            "sitebuild.pages.outputs": {"base_path": root, "locale": locale},
            "pymdownx.snippets": {
                "base_path": [str(root)],
                "check_paths": True,
                "dedent_subsections": True,
            },
        },
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "i18n").mkdir()
    for locale in ("zh-hans", "zh-hant"):
        (tmp_path / "i18n" / f"code.{locale}.yml").write_text(
            "clear the gradients: 清零梯度\n", encoding="utf-8"
        )
    (tmp_path / "a.py").write_text(
        "import torch\n\n# --8<-- [start:loop]\nfor _ in range(2):\n"
        "    w = None  # clear the gradients\n    w = 1  # an untranslated comment\n"
        "# --8<-- [end:loop]\n",
        encoding="utf-8",
    )
    return tmp_path


def test_an_included_section_is_translated_in_the_page_language(project: Path) -> None:
    (project / "a.py").write_text("w = None  # clear the gradients\n", encoding="utf-8")
    page = '!!! note\n\n    ```python\n    --8<-- "a.py"\n    ```\n'
    html = markdown_of(project, "zh-hans").convert(page)
    assert "# 清零梯度" in html and "clear the gradients" not in html
    assert "# clear the gradients" in markdown_of(project, "").convert(page)


def test_a_missing_translation_names_the_file_line_and_what_to_add(project: Path) -> None:
    with pytest.raises(TranslationError) as error:
        markdown_of(project, "zh-hant").convert('```python\n--8<-- "a.py:loop"\n```\n')
    message = str(error.value)
    assert "no zh-hant translation" in message
    assert "a.py, line 6: 'an untranslated comment'" in message  # the file's line
    assert "Add them to i18n/code.zh-hans.yml and i18n/code.zh-hant.yml" in message
    assert "an untranslated comment: <translation>" in message


def test_the_message_names_only_the_files_that_lack_the_text(project: Path) -> None:
    (project / "i18n" / "code.zh-hans.yml").write_text(
        "clear the gradients: 清零梯度\nan untranslated comment: 一条注释\n", encoding="utf-8"
    )
    with pytest.raises(TranslationError, match="no zh-hant translation") as error:
        markdown_of(project, "zh-hant").convert('```python\n--8<-- "a.py:loop"\n```\n')
    assert "Add them to i18n/code.zh-hant.yml, the English text as key" in str(error.value)
