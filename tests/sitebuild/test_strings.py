"""sitebuild.languages.strings: every interface string is in every language, placeholders intact;
the YAML reader reads the data files as ``safe_load`` does, fast, safe and as UTF-8."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from sitebuild.languages.strings import YAML_LOADER, Strings, read_yaml
from sitebuild.project import Project

from ..support import ROOT


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


DATA_FILES = sorted((ROOT / "i18n").glob("*.yml"))


def test_the_c_loader_is_used_where_pyyaml_has_it() -> None:
    assert yaml.__with_libyaml__, "PyYAML without libyaml: the build reads with the slow loader"
    assert YAML_LOADER is yaml.CSafeLoader


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda path: path.name)
def test_a_data_file_reads_as_safe_load_reads_it(path: Path) -> None:
    assert read_yaml(path) == yaml.safe_load(path.read_text(encoding="utf-8"))


def test_a_python_tag_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "strings.yml"
    path.write_text("x: !!python/object/apply:os.system ['true']\n", encoding="utf-8")
    with pytest.raises(yaml.constructor.ConstructorError, match="python/object/apply"):
        read_yaml(path)


def test_text_is_read_as_utf_8(tmp_path: Path) -> None:
    path = tmp_path / "strings.yml"
    path.write_bytes("note: 「記憶體」\n".encode())
    assert read_yaml(path) == {"note": "「記憶體」"}


def test_a_syntax_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = tmp_path / "code.zh-hans.yml"
    path.write_text("First: 第一\nnote: two operations, two nodes: 两个\n", encoding="utf-8")
    with pytest.raises(yaml.YAMLError, match=r'in ".*code\.zh-hans\.yml", line 2'):
        read_yaml(path)
