"""Which benchmark results a build shows, and how fresh they are.

``DYNDOCS_BENCH`` picks the source of this build's own figures:

- ``full`` (default, ``make build``): this machine's full measurement, measured once when no
  cached run matches the benchmark code and environment;
- ``recorded`` (the test suite): the committed ``benchmarks/recorded.json``, a full run recorded
  with the repository, so tests check every claim against real data without timing anything;
- ``quick``: a quick measurement with short timing windows;
- ``off``: no figures; the pages say so.

``mkdocs serve`` never measures: it shows the latest cached run, labelled stale when it is, or the
recorded results when nothing was measured here. Other machines' results (a GPU runner's) are
JSON files in ``benchmarks/machines/``, shown beside this build's own.

Nothing here imports torch or the cases: a results file carries what the pages need.

Examples:
    >>> from sitebuild.bench.results import ResultSet
    >>> ResultSet({"provenance": {"machine": "m"}, "cases": {}}, recorded=True).label_flags()
    ['recorded']
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitebuild.bench.suite import FORMAT, Suite, host

MODES = ("full", "recorded", "quick", "off")


@dataclass
class ResultSet:
    """One machine's results as a page shows them: the data and how far to trust them."""

    results: dict[str, Any]
    stale: bool = False
    foreign: bool = False
    recorded: bool = False

    @property
    def provenance(self) -> dict[str, Any]:
        return self.results["provenance"]

    def label_flags(self) -> list[str]:
        """Which labels the provenance line carries: quick, recorded, stale, foreign."""
        flags = ["quick"] if self.provenance.get("quick") else []
        return flags + [name for name in ("recorded", "stale", "foreign") if getattr(self, name)]


@dataclass
class Shown:
    """What a build shows: its own results, checked against the claims, and other machines'."""

    own: ResultSet | None
    others: list[ResultSet]
    lenient: bool = False
    """Under ``mkdocs serve`` a stale result's claims are shown as "?" instead of failing."""

    @property
    def all(self) -> list[ResultSet]:
        return ([self.own] if self.own is not None else []) + self.others


def classify(results: dict[str, Any], code_version: str, *, recorded: bool = False) -> ResultSet:
    """Label ``results`` stale (other benchmark code or torch) or foreign (another machine)."""
    here, prov = host(), results["provenance"]
    stale = prov.get("code_version") != code_version or prov.get("torch") != here["torch"]
    foreign = prov.get("cpu") != here["cpu"] or prov.get("machine") != here["machine"]
    return ResultSet(results, stale=stale, foreign=foreign, recorded=recorded)


def read(path: Path) -> dict[str, Any]:
    """A results file; one in an older format fails, naming the file."""
    results: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if results.get("format") != FORMAT:
        raise ValueError(
            f"{path}: results format {results.get('format')}, expected {FORMAT}; measure again"
        )
    return results


def mode() -> str:
    value = os.environ.get("DYNDOCS_BENCH", "full")
    if value not in MODES:
        raise ValueError(f"DYNDOCS_BENCH={value!r}: expected one of {', '.join(MODES)}")
    return value


class Benchmarks:
    """The results a build shows, measured or read at most once for all its languages.

    Args:
        root: The repository root.
        cache_dir: Where measured runs are cached (``.cache/bench``).
        serving: True under ``mkdocs serve``, which never measures.
    """

    def __init__(self, root: Path, cache_dir: Path, *, serving: bool = False) -> None:
        self.suite = Suite(root, cache_dir)
        self.recorded_file = root / "benchmarks" / "recorded.json"
        self.machines_dir = root / "benchmarks" / "machines"
        self.serving = serving
        self._memo: dict[str, ResultSet] = {}

    def shown(self) -> Shown:
        """This build's own results (if any) and other machines', each labelled."""
        version = self.suite.code_version()
        others = [classify(read(p), version) for p in sorted(self.machines_dir.glob("*.json"))]
        return Shown(self._own(mode(), version), others, lenient=self.serving)

    def _own(self, current: str, version: str) -> ResultSet | None:
        if current == "off":
            return None
        if current == "recorded" or (self.serving and current != "quick"):
            cached = self.suite.latest_cached() if self.serving else None
            if cached is not None and cached.get("format") == FORMAT:
                return classify(cached, version)
            return classify(read(self.recorded_file), version, recorded=True)
        if current not in self._memo:
            results = self.suite.load_or_measure(quick=current == "quick", progress=True)
            self._memo[current] = classify(results, version)
        return self._memo[current]
