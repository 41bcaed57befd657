"""The test support: pruning the caches the build and the tests fill (sitebuild.runs.cachefiles),
and the key of a cached site build."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from sitebuild.runs import cachefiles

from .support import ROOT, build_key


def test_entries_no_run_used_for_long_are_pruned_and_nothing_else(tmp_path: Path) -> None:
    long_ago = time.time() - (cachefiles.KEEP_DAYS + 1) * 86400
    for name in (*cachefiles.PRUNED, "reader-env"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "recent.ok").write_text("")
        (folder / "old.ok").write_text("")
        os.utime(folder / "old.ok", (long_ago, long_ago))
    assert cachefiles.prune_unused(tmp_path) == len(cachefiles.PRUNED)
    for name in cachefiles.PRUNED:
        assert sorted(p.name for p in (tmp_path / name).iterdir()) == ["recent.ok"]
    assert sorted(p.name for p in (tmp_path / "reader-env").iterdir()) == ["old.ok", "recent.ok"]


def test_the_pruned_folders_are_the_ones_the_build_and_the_tests_fill() -> None:
    """A cache folder renamed in one place and not in PRUNED would grow for ever."""
    sources = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "sitebuild").rglob("*.py")]
    written = "\n".join(p.read_text(encoding="utf-8") for p in sources if p.name != "cachefiles.py")
    for name in cachefiles.PRUNED:
        assert f'cache" / "{name}"' in written or f'cache / "{name}"' in written, (
            f"nothing keeps entries in .cache/{name}"
        )


def test_a_build_key_follows_a_file_inherited_by_a_relative_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MkDocs reads ``INHERIT`` relative to the config file, wherever pytest runs from."""
    (tmp_path / "project").mkdir()
    config = tmp_path / "project" / "mkdocs.yml"
    config.write_text("INHERIT: base.yml\n", encoding="utf-8")
    (tmp_path / "project" / "base.yml").write_text("site_name: A\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    before = build_key(config, {})
    (tmp_path / "project" / "base.yml").write_text("site_name: B\n", encoding="utf-8")
    assert build_key(config, {}) != before
