"""A cache entry is replaced whole or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild import atomic


def test_a_write_that_fails_keeps_the_old_entry_and_leaves_nothing(tmp_path: Path) -> None:
    entry = tmp_path / "key.json"
    atomic.write_text(entry, "old")
    with pytest.raises(UnicodeEncodeError):
        atomic.write_text(entry, "half \udc80 written")  # a lone surrogate cannot be UTF-8
    assert entry.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["key.json"]


def test_an_open_reader_keeps_the_file_it_opened(tmp_path: Path) -> None:
    entry = tmp_path / "key.json"
    atomic.write_text(entry, "first")
    with entry.open(encoding="utf-8") as reading:
        atomic.write_text(entry, "second")
        assert reading.read() == "first"
    assert entry.read_text() == "second"
