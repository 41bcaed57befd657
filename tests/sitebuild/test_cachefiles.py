"""A cache entry is replaced whole or not at all, and pruned only when long unused."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from sitebuild import cachefiles


def test_a_write_that_fails_keeps_the_old_entry_and_leaves_nothing(tmp_path: Path) -> None:
    entry = tmp_path / "key.json"
    cachefiles.write_text(entry, "old")
    with pytest.raises(UnicodeEncodeError):
        cachefiles.write_text(entry, "half \udc80 written")  # a lone surrogate cannot be UTF-8
    assert entry.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["key.json"]


def test_an_open_reader_keeps_the_file_it_opened(tmp_path: Path) -> None:
    entry = tmp_path / "key.json"
    cachefiles.write_text(entry, "first")
    with entry.open(encoding="utf-8") as reading:
        cachefiles.write_text(entry, "second")
        assert reading.read() == "first"
    assert entry.read_text() == "second"


def test_reading_an_entry_keeps_it_from_being_pruned(tmp_path: Path) -> None:
    month = 31 * 86400
    used, unused = tmp_path / "used.json", tmp_path / "unused.json"
    for entry in (used, unused):
        cachefiles.write_text(entry, entry.name)
        os.utime(entry, (time.time() - month, time.time() - month))
    assert cachefiles.read_text(used) == "used.json"
    assert cachefiles.prune(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["used.json"]
    assert cachefiles.prune(tmp_path / "missing") == 0
