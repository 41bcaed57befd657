"""sitebuild.plugin: the wiring that keeps work between builds."""

from __future__ import annotations

import os
import time
from pathlib import Path

from sitebuild.plugin import PRUNED, SitePlugin
from sitebuild.project import Project

from .. import support


def test_a_build_prunes_old_entries_of_every_pruned_cache(tmp_path: Path) -> None:
    plugin = SitePlugin()
    plugin.project = Project(tmp_path, tmp_path / "docs", ("en",), "")
    long_ago = time.time() - 31 * 86400
    for name in PRUNED:
        for entry in ("old.json", "new.json"):
            (tmp_path / ".cache" / name).mkdir(parents=True, exist_ok=True)
            (tmp_path / ".cache" / name / entry).write_text("{}")
        os.utime(tmp_path / ".cache" / name / "old.json", (long_ago, long_ago))
    plugin._prune_caches()
    left = {name: sorted(p.name for p in (tmp_path / ".cache" / name).iterdir()) for name in PRUNED}
    assert left == {name: ["new.json"] for name in PRUNED}


def test_the_pruned_caches_are_the_ones_the_build_fills(built_site: Path) -> None:
    """A cache folder renamed in one place and not in PRUNED would grow for ever."""
    cache = support.project().cache
    empty = [name for name in PRUNED if not any((cache / name).glob("*"))]
    assert not empty, f"the build filled no .cache/<name> for: {empty}"
