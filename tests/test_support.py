"""tests/support.py: the pruning of the passes the tests keep."""

from __future__ import annotations

import os
import time
from pathlib import Path

from sitebuild.runs import cachefiles

from .support import ROOT, TEST_CACHES, prune_test_caches


def test_passes_no_run_used_for_long_are_pruned_and_nothing_else(tmp_path: Path) -> None:
    long_ago = time.time() - (cachefiles.KEEP_DAYS + 1) * 86400
    for name in (*TEST_CACHES, "reader-env"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "recent.ok").write_text("")
        (folder / "old.ok").write_text("")
        os.utime(folder / "old.ok", (long_ago, long_ago))
    assert prune_test_caches(tmp_path) == len(TEST_CACHES)
    for name in TEST_CACHES:
        assert sorted(p.name for p in (tmp_path / name).iterdir()) == ["recent.ok"]
    assert sorted(p.name for p in (tmp_path / "reader-env").iterdir()) == ["old.ok", "recent.ok"]


def test_the_pruned_folders_are_the_ones_the_tests_fill() -> None:
    sources = [*(ROOT / "tests").rglob("*.py"), ROOT / "sitebuild" / "audit" / "lighthouse.py"]
    written = "\n".join(p.read_text(encoding="utf-8") for p in sources if p.name != "support.py")
    for name in TEST_CACHES:
        assert f'".cache" / "{name}"' in written, f"no test keeps passes in .cache/{name}"
