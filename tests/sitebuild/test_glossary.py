"""sitebuild.languages.glossary: a malformed entry is named; the table has a column per language."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.languages.glossary import column_names, expand_table, load
from sitebuild.languages.strings import Strings


def test_an_entry_lacking_a_language_is_named(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yml"
    path.write_text("terms:\n  - {en: memory, zh-hans: 内存}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"glossary\.yml: term 1 .* lacks zh-hant"):
        load(path, ["en", "zh-hans", "zh-hant"])


def test_the_table_line_becomes_the_table(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yml"
    path.write_text("terms:\n  - {en: code, xx: kode}\n", encoding="utf-8")
    page = 'Intro\n\n--8<-- "glossary:table"\n'
    out = expand_table(page, path, {"en": "English", "xx": "Xish"})
    assert "| English | Xish |" in out and "| code | kode |" in out and "glossary:table" not in out


def test_the_headers_name_the_languages_in_the_pages_language() -> None:
    strings = Strings(
        {
            "en": {"language": {"en": "English", "xx": "Xish"}},
            "xx": {"language": {"en": "Anglais", "xx": "Xois"}},
        }
    )
    assert column_names(strings, "xx", ["en", "xx"]) == {"en": "Anglais", "xx": "Xois"}
