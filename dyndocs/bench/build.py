"""The benchmarks' part of a site build: which results the pages show.

``DYNDOCS_BENCH`` picks the mode: ``full`` (default), ``quick`` (the test suite)
or ``off`` (no measurement; pages say so). A build measures only when no cached
run matches the benchmark code and environment, and does so once for all three
languages. ``mkdocs serve`` never re-measures: with a stale cache it shows the
stale results, labelled as such, and with none at all it makes one quick run.
"""

from __future__ import annotations

import os

from dyndocs.bench import results
from dyndocs.bench.results import ResultSet

MODES = ("full", "quick", "off")
_memo: dict[tuple[str, float], list[ResultSet]] = {}


def mode() -> str:
    value = os.environ.get("DYNDOCS_BENCH", "full")
    if value not in MODES:
        raise ValueError(f"DYNDOCS_BENCH={value!r}: expected one of {', '.join(MODES)}")
    return value


def result_sets(*, serving: bool) -> list[ResultSet]:
    """This machine's results (measured if needed), then other machines' imported ones."""
    current = mode()
    if current == "off":
        return results.merge(None, results.imported())
    target = results.cached(quick=current == "quick")
    stamp = target.stat().st_mtime if target.exists() else 0.0
    if (current, stamp) in _memo:
        return _memo[(current, stamp)]
    latest = results.latest_cached()
    if target.exists():
        own = results.load_or_measure(quick=current == "quick")
    elif serving and latest is not None:
        own = latest  # labelled stale by results.classify; `make bench` refreshes it
    elif serving:
        # Nothing measured yet: a quick run gets the preview going, labelled as quick.
        own = results.load_or_measure(quick=True, progress=True)
        stamp = target.stat().st_mtime if target.exists() else 0.0
    else:
        own = results.load_or_measure(quick=current == "quick", progress=True)
        stamp = target.stat().st_mtime
    sets = results.merge(own, results.imported())
    _memo[(current, stamp)] = sets
    return sets
