"""sitebuild.languages.strings: every interface string is in every language, placeholders intact."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitebuild.languages.strings import Strings
from sitebuild.project import Project


@pytest.fixture(scope="module")
def strings(project: Project) -> Strings:
    return Strings.load(project.i18n, project.locales)


def missing(strings: Strings) -> list[str]:
    """``"zh-hant: bench.case"`` for every key that some language has and another lacks."""
    every = set().union(*(set(flat) for flat in strings.by_locale.values()))
    return sorted(
        f"{locale}: {key}"
        for locale, flat in strings.by_locale.items()
        for key in every - set(flat)
    )


def test_every_key_exists_in_every_language(strings: Strings) -> None:
    assert missing(strings) == []


def test_placeholders_are_the_same_in_every_language(strings: Strings, project: Project) -> None:
    english = strings.by_locale[project.default_locale]
    for locale in project.locales:
        for key, text in strings.by_locale[locale].items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", english[key])
            ), f"i18n/{locale}.yml: {key} has other placeholders than English"


def test_a_missing_key_and_a_missing_file_are_named(tmp_path: Path) -> None:
    (tmp_path / "en.yml").write_text("a: {b: x, c: y}\n")
    (tmp_path / "xx.yml").write_text("a: {b: x}\n")
    assert missing(Strings.load(tmp_path, ["en", "xx"])) == ["xx: a.c"]
    with pytest.raises(FileNotFoundError, match=r"yy\.yml: no interface strings for yy"):
        Strings.load(tmp_path, ["en", "yy"])
