"""Running the suite once per build, with provenance, a cache, and results from other machines.

Results are cached under ``.cache/bench/`` keyed by the benchmark code and the
environment, so ``mkdocs serve`` and page edits never re-measure. Results from
other machines (for example a GPU runner) are JSON files in ``benchmarks/``;
they are shown beside this build's own, labelled with their machine.

Examples:
    >>> from dyndocs.bench.results import cache_key
    >>> len(cache_key(quick=True))
    16
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dyndocs.bench.cases import CASES
from dyndocs.site import ROOT

CACHE = ROOT / ".cache" / "bench"
IMPORTED = ROOT / "benchmarks"
CASE_TIMEOUT_S = 600
FORMAT = 1


class BenchmarkFailed(Exception):
    """A case crashed or timed out; the message names it and carries its error."""


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def devices() -> list[str]:
    import torch

    return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]


MEASURED_CODE = ("bench/cases.py", "bench/timing.py", "bench/worker.py", "shapes.py", "models")
"""What the figures depend on; editing the rendering or the prose never re-measures."""


def code_version() -> str:
    """Digest of the benchmark code and the models it measures."""
    digest = hashlib.sha256()
    package = ROOT / "dyndocs"
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if any(relative == part or relative.startswith(part + "/") for part in MEASURED_CODE):
            digest.update(relative.encode() + path.read_bytes())
    return digest.hexdigest()[:12]


def environment() -> dict[str, Any]:
    import torch

    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
    return {
        "torch": torch.__version__,
        "python": platform.python_version(),
        "cpu": cpu_model(),
        "gpu": gpu,
        "threads": 1,
        "machine": os.environ.get("DYNDOCS_MACHINE", platform.node()),
    }


def cache_key(*, quick: bool) -> str:
    env = environment()
    stable = {k: env[k] for k in ("torch", "python", "cpu", "gpu")}
    raw = json.dumps([code_version(), stable, quick], sort_keys=True).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


PROCESSES = 3
"""Fresh processes per case in a full run. Timings differ from process to process (memory
layout, the allocator's state) by more than within one, so each figure is the median of three."""
SINGLE_PROCESS = {"compile"}
"""Cases too slow to repeat (compilation) whose ratios are stable from process to process."""


def combine(runs: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Merge the rows of several processes: median time and IQR, other fields from the first.

    Examples:
        >>> a = [{"row": "r", "variant": "v", "median_s": 1.0, "iqr_s": 0.1, "runs": 5}]
        >>> b = [{"row": "r", "variant": "v", "median_s": 3.0, "iqr_s": 0.3, "runs": 5}]
        >>> c = [{"row": "r", "variant": "v", "median_s": 2.0, "iqr_s": 0.2, "runs": 5}]
        >>> combine([a, b, c])[0]["median_s"], combine([a, b, c])[0]["processes"]
        (2.0, 3)
    """
    combined = []
    for index, first in enumerate(runs[0]):
        same = [run[index] for run in runs]
        row = dict(first)
        if "median_s" in first:
            row["median_s"] = statistics.median(r["median_s"] for r in same)
            row["iqr_s"] = statistics.median(r["iqr_s"] for r in same)
            row["runs"] = sum(r["runs"] for r in same)
        if "agree" in first:
            row["agree"] = all(r["agree"] for r in same)
        if "overhead_s" in first:
            row["overhead_s"] = statistics.median(r["overhead_s"] for r in same)
        row["processes"] = len(runs)
        combined.append(row)
    return combined


def process_count(name: str, *, quick: bool) -> int:
    return 1 if quick or name in SINGLE_PROCESS else PROCESSES


def run_case(name: str, device: str, *, quick: bool) -> list[dict[str, Any]]:
    """Run one case in fresh processes; raise :class:`BenchmarkFailed` naming it on failure."""
    count = process_count(name, quick=quick)
    return combine([run_process(name, device, quick=quick) for _ in range(count)])


def schedule(names: list[str], devices: list[str], *, quick: bool) -> list[tuple[str, str]]:
    """The order of a run's processes: every case once, then every case again, and so on.

    A case's processes are spread over the whole run rather than run back to back, so a
    burst of load on a shared machine reaches at most one of them, and their median drops it.

    Examples:
        >>> schedule(["a", "compile"], ["cpu"], quick=False)
        [('a', 'cpu'), ('compile', 'cpu'), ('a', 'cpu'), ('a', 'cpu')]
    """
    return [
        (name, device)
        for index in range(PROCESSES)
        for device in devices
        for name in names
        if index < process_count(name, quick=quick)
    ]


def run_process(name: str, device: str, *, quick: bool) -> list[dict[str, Any]]:
    """Run one case once, in a fresh process."""
    command = [sys.executable, "-m", "dyndocs.bench.worker", name, device]
    env = {
        **os.environ,
        # Persisted between builds: the first inductor compile in a process costs ~10 s cold.
        "TORCHINDUCTOR_CACHE_DIR": str(ROOT / ".cache" / "inductor"),
        "OMP_NUM_THREADS": "1",
        "PYTHONWARNINGS": "ignore",
    }
    try:
        done = subprocess.run(
            command + (["--quick"] if quick else []),
            capture_output=True,
            text=True,
            timeout=CASE_TIMEOUT_S,
            env=env,
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired as error:
        raise BenchmarkFailed(
            f"benchmark {name!r} on {device} timed out after {CASE_TIMEOUT_S} s"
        ) from error
    if done.returncode != 0:
        raise BenchmarkFailed(
            f"benchmark {name!r} on {device} failed:\n{done.stderr.strip()[-3000:]}"
        )
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_all(*, quick: bool, progress: bool = False) -> dict[str, Any]:
    """Run every case on every device present and return the results with provenance."""
    from tqdm import tqdm

    present = devices()
    jobs = schedule(list(CASES), present, quick=quick)
    runs: dict[tuple[str, str], list[list[dict[str, Any]]]] = {}
    started = dt.datetime.now(dt.UTC)
    bar = tqdm(
        jobs, desc="benchmarks", unit="process", disable=not (progress and sys.stderr.isatty())
    )
    for name, device in bar:
        bar.set_postfix_str(f"{name} on {device}")
        runs.setdefault((name, device), []).append(run_process(name, device, quick=quick))
    cases: dict[str, dict[str, Any]] = {}
    for name in CASES:
        for device in present:
            cases.setdefault(name, {})[device] = combine(runs[(name, device)])
    return {
        "format": FORMAT,
        "provenance": {
            **environment(),
            "date": started.isoformat(timespec="seconds"),
            "code_version": code_version(),
            "quick": quick,
            "key": cache_key(quick=quick),
            "duration_s": round((dt.datetime.now(dt.UTC) - started).total_seconds(), 1),
        },
        "cases": cases,
    }


def cached(*, quick: bool) -> Path:
    return CACHE / f"{cache_key(quick=quick)}.json"


def load_or_measure(*, quick: bool, force: bool = False, progress: bool = False) -> dict[str, Any]:
    """Return this machine's results, measuring only when no cached run matches."""
    target = cached(quick=quick)
    if target.exists() and not force:
        return json.loads(target.read_text(encoding="utf-8"))
    results = measure_all(quick=quick, progress=progress)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return results


def latest_cached() -> dict[str, Any] | None:
    """The most recent cached run of this machine, whatever its key (may be stale)."""
    runs = sorted(CACHE.glob("*.json"), key=lambda p: p.stat().st_mtime)
    return json.loads(runs[-1].read_text(encoding="utf-8")) if runs else None


@dataclass
class ResultSet:
    """One machine's results as a page shows them: the data and how fresh they are."""

    results: dict[str, Any]
    stale: bool = False
    foreign: bool = False

    @property
    def provenance(self) -> dict[str, Any]:
        return dict(self.results["provenance"])


def classify(results: dict[str, Any]) -> ResultSet:
    """Label ``results`` stale (older code or torch) or foreign (another machine)."""
    here = environment()
    prov = results["provenance"]
    stale = prov.get("code_version") != code_version() or prov.get("torch") != here["torch"]
    foreign = prov.get("cpu") != here["cpu"] or prov.get("machine") != here["machine"]
    return ResultSet(results, stale=stale, foreign=foreign)


def imported() -> list[dict[str, Any]]:
    """Results from other machines, committed as ``benchmarks/*.json``."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(IMPORTED.glob("*.json"))]


def merge(own: dict[str, Any] | None, others: list[dict[str, Any]]) -> list[ResultSet]:
    """This build's results first, then each other machine's, each labelled."""
    sets = [classify(own)] if own is not None else []
    for results in others:
        sets.append(classify(results))
    return sets
