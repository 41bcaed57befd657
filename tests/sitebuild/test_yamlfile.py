"""sitebuild.yamlfile: the C loader reads the repository's data files as the Python one does, and
stays safe."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sitebuild import yamlfile

from ..support import ROOT

DATA_FILES = sorted((ROOT / "i18n").glob("*.yml"))


def test_the_c_loader_is_used_where_pyyaml_has_it() -> None:
    assert yaml.__with_libyaml__, "PyYAML without libyaml: the build reads with the slow loader"
    assert yamlfile.LOADER is yaml.CSafeLoader


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda path: path.name)
def test_a_data_file_reads_as_safe_load_reads_it(path: Path) -> None:
    assert yamlfile.read(path) == yaml.safe_load(path.read_text(encoding="utf-8"))


def test_a_python_tag_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "strings.yml"
    path.write_text("x: !!python/object/apply:os.system ['true']\n", encoding="utf-8")
    with pytest.raises(yaml.constructor.ConstructorError, match="python/object/apply"):
        yamlfile.read(path)


def test_text_is_read_as_utf_8(tmp_path: Path) -> None:
    path = tmp_path / "strings.yml"
    path.write_bytes("note: 「記憶體」\n".encode())
    assert yamlfile.read(path) == {"note": "「記憶體」"}


def test_a_syntax_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = tmp_path / "code.zh-hans.yml"
    path.write_text("First: 第一\nnote: two operations, two nodes: 两个\n", encoding="utf-8")
    with pytest.raises(yaml.YAMLError, match=r'in ".*code\.zh-hans\.yml", line 2'):
        yamlfile.read(path)
