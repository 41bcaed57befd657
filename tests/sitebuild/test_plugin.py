"""sitebuild.plugin: the wiring that keeps work between builds."""

from __future__ import annotations

from pathlib import Path

from sitebuild.runs import cachefiles

from .. import support


def test_the_pruned_caches_hold_what_the_build_fills(built_site: Path) -> None:
    """A cache folder renamed in one place and not in cachefiles.PRUNED would grow for ever."""
    cache = support.project().cache
    empty = [name for name in ("runs", "graphs") if not any((cache / name).glob("*"))]
    assert not empty, f"the build filled no .cache/<name> for: {empty}"
    assert {"runs", "graphs"} <= set(cachefiles.PRUNED)
