"""A cache entry is made once, replaced whole or not at all, and pruned only when long unused."""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sitebuild.runs import cachefiles


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


def test_an_entry_is_made_once_by_one_of_its_makers(tmp_path: Path) -> None:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        time.sleep(0.2)  # the other makers arrive meanwhile and wait
        return "made"

    with ThreadPoolExecutor(max_workers=4) as pool:
        texts = list(pool.map(lambda _: cachefiles.kept(tmp_path, "key.svg", make), range(4)))
    assert texts == ["made"] * 4 and len(calls) == 1


def test_a_maker_that_raises_writes_nothing(tmp_path: Path) -> None:
    def fail() -> str:
        raise RuntimeError("no graphviz")

    with pytest.raises(RuntimeError):
        cachefiles.kept(tmp_path, "key.svg", fail)
    assert cachefiles.read_text(tmp_path / "key.svg") is None
    assert cachefiles.kept(tmp_path, "key.svg", lambda: "made") == "made"
