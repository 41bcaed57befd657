"""Measure every case on every device in fresh processes, into one JSON file cached by the
measured code and the environment, and choose what a build shows (``DYNDOCS_BENCH``,
``benchmarks/machines/*.json``). Nothing here imports torch or the cases until it measures.

Examples:
    >>> schedule({"a": 3, "compile": 1}, ["cpu"], quick=False)[:3]
    [('a', 'cpu'), ('compile', 'cpu'), ('a', 'cpu')]
"""

from __future__ import annotations

import ast
import datetime as dt
import hashlib
import importlib.metadata
import json
import os
import platform
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from sitebuild.bench.registry import Row, cases, combine_rows
from sitebuild.runs.cachefiles import kept
from sitebuild.runs.zygote import JobTimedOut, ZygotePool

FORMAT = 3  # of the results file: 3 added the paired speed-ups
PEAK = "peak"  # the case run first, whose rate the provenance gives
MEASURED_CODE = ("registry.py", "timing.py", "worker.py", "cases")  # not the rendering
MODES = ("full", "recorded", "quick", "off")


class BenchmarkFailed(PluginError):
    """A case crashed or timed out; the message names it and carries its error."""


def code_of(source: str) -> str:
    r"""A module's syntax tree without docstrings and comments: what can change a measurement.
    A string standing alone as a statement is a docstring wherever it is (an attribute's too).

    Examples:
        >>> code_of("def f():\n    'Why.'\n    return 1  # why") == code_of("def f(): return 1")
        True
        >>> code_of("A = 1\n'What A is.'") == code_of("A = 1")
        True
    """
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            node.body = [s for s in node.body if not _is_docstring(s)] or [ast.Pass()]
    return ast.dump(tree)


def _is_docstring(statement: ast.stmt) -> bool:
    value = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(value, ast.Constant) and isinstance(value.value, str)


@lru_cache(maxsize=256)
def _code_of_file(path: Path, mtime_ns: int, size: int) -> str:
    """Per file version: a build asks once per language, ``mkdocs serve`` on every rebuild."""
    return code_of(path.read_text(encoding="utf-8"))


def host() -> dict[str, str]:
    """Where results are being looked at, without importing torch."""
    cpuinfo = Path("/proc/cpuinfo")
    lines = cpuinfo.read_text().splitlines() if cpuinfo.exists() else []
    models = [line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")]
    return {
        "torch": importlib.metadata.version("torch"),
        "python": platform.python_version(),
        "cpu": models[0] if models else platform.processor() or platform.machine(),
        "machine": os.environ.get("DYNDOCS_MACHINE", platform.node()),
    }


def gpu_name() -> str | None:
    """The first NVIDIA GPU's name, asked of ``nvidia-smi`` (torch is slow to import)."""
    if shutil.which("nvidia-smi") is None:
        return None
    query = ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"]
    done = subprocess.run(query, capture_output=True, text=True)
    names = done.stdout.strip().splitlines() if done.returncode == 0 else []
    return names[0].strip() if names else None


def schedule(
    processes: dict[str, int], devices: list[str], *, quick: bool
) -> list[tuple[str, str]]:
    """Every case once, then every case again, and so on: a burst of load on a shared machine
    reaches at most one of a case's processes, and their median drops it."""
    counts = {name: 1 if quick else count for name, count in processes.items()}
    rounds = range(max(counts.values(), default=1))
    return [(n, d) for i in rounds for d in devices for n, c in counts.items() if i < c]


@dataclass
class Suite:
    """The benchmarks of the repository at ``root``, their runs cached in ``cache_dir``;
    ``serving`` (``mkdocs serve``) never measures."""

    root: Path
    cache_dir: Path
    timeout_s: float = 600
    zygotes: ZygotePool = field(default_factory=ZygotePool)
    serving: bool = False

    def shown(self) -> Shown:
        """This build's own results (if any) and other machines', each labelled."""
        mode = os.environ.get("DYNDOCS_BENCH", "full")
        if mode not in MODES:
            raise ValueError(f"DYNDOCS_BENCH={mode!r}: expected one of {', '.join(MODES)}")
        version = self.code_version()
        machines = sorted((self.root / "benchmarks" / "machines").glob("*.json"))
        others = [classify(read(p), version) for p in machines]
        own = None
        if mode == "recorded" or (self.serving and mode != "quick"):
            cached = self.latest_cached() if self.serving else None
            if cached is not None and cached.get("format") == FORMAT:
                own = classify(cached, version)
            else:
                recorded = read(self.root / "benchmarks" / "recorded.json")
                own = classify(recorded, version, recorded=True)
        elif mode != "off":  # measured once per key, then read from the cache
            own = classify(self.load_or_measure(quick=mode == "quick"), version)
        return Shown(own, others, lenient=self.serving)

    def code_version(self) -> str:
        """Digest of the measuring code and of the readers' package modules the cases import."""
        from sitebuild.runs.runner import CodeRunner

        bench = self.root / "sitebuild" / "bench"
        files = sorted(
            p for p in bench.rglob("*.py") if p.relative_to(bench).parts[0] in MEASURED_CODE
        )
        sources = "\n".join(p.read_text(encoding="utf-8") for p in files)
        digest = hashlib.sha256()
        for path in [*files, *CodeRunner(self.root, self.cache_dir).dependencies(sources)]:
            digest.update(path.relative_to(self.root).as_posix().encode())
            stat = path.stat()
            digest.update(_code_of_file(path, stat.st_mtime_ns, stat.st_size).encode())
        return digest.hexdigest()[:12]

    def environment(self) -> dict[str, Any]:
        """Where results are measured; it imports no torch, so a cached build stays quick."""
        return {**host(), "gpu": gpu_name(), "threads": 1}

    def devices(self) -> list[str]:
        import torch

        return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]

    def cache_key(self, *, quick: bool) -> str:
        """The key of this machine's results, whatever its name."""
        stable = {k: v for k, v in self.environment().items() if k != "machine"}
        raw = json.dumps([self.code_version(), stable, quick], sort_keys=True).encode()
        return hashlib.sha256(raw).hexdigest()[:16]

    def run_process(self, name: str, device: str, *, quick: bool) -> tuple[list[Row], float]:
        """A case's rows and seconds, run once in a fork of a zygote that imported only torch."""
        inductor = str(self.cache_dir.parent / "inductor")  # kept: a cold first compile is slow
        env = {"TORCHINDUCTOR_CACHE_DIR": inductor, "OMP_NUM_THREADS": "1"}
        argv = ["-m", "sitebuild.bench.worker", name, device, *(["--quick"] if quick else [])]
        where = f"benchmark {name!r} on {device}"
        try:
            status, stdout, stderr = self.zygotes.run(
                argv, cwd=self.root, start_env=env, timeout_s=self.timeout_s
            )
        except JobTimedOut as error:
            raise BenchmarkFailed(f"{where} timed out after {self.timeout_s} s") from error
        if status != 0:
            raise BenchmarkFailed(f"{where} failed:\n{stderr.strip()[-3000:]}")
        out = json.loads(stdout.strip().splitlines()[-1])
        return [Row(**r) for r in out["rows"]], out["seconds"]

    def measure(self, *, quick: bool) -> dict[str, Any]:
        """Run every case on every device present; return the results with provenance."""
        from tqdm import tqdm

        present, specs = self.devices(), cases()
        names = sorted(specs, key=lambda name: name != PEAK)
        runs: dict[tuple[str, str], list[list[Row]]] = {}
        seconds = dict.fromkeys(names, 0.0)
        started = dt.datetime.now(dt.UTC)
        jobs = schedule({n: specs[n].processes for n in names}, present, quick=quick)
        bar = tqdm(jobs, desc="benchmarks", disable=not sys.stderr.isatty())
        for name, device in bar:
            bar.set_postfix_str(f"{name} on {device}")
            rows, took = self.run_process(name, device, quick=quick)
            runs.setdefault((name, device), []).append(rows)
            seconds[name] += took
        combined = {key: combine_rows(rows, specs[key[0]].metrics) for key, rows in runs.items()}
        peak = {device: combined[(PEAK, device)][0].metrics["gflops"] for device in present}
        return {
            "format": FORMAT,
            "provenance": {
                **self.environment(),
                "peak_gflops": peak,
                "date": started.isoformat(timespec="seconds"),
                "code_version": self.code_version(),
                "quick": quick,
                "key": self.cache_key(quick=quick),
                "duration_s": round((dt.datetime.now(dt.UTC) - started).total_seconds(), 1),
            },
            "cases": {
                name: {
                    **specs[name].describe(),
                    "seconds": round(seconds[name], 1),
                    "devices": {d: [r.to_json() for r in combined[(name, d)]] for d in present},
                }
                for name in names
            },
        }

    def load_or_measure(self, *, quick: bool, force: bool = False) -> dict[str, Any]:
        """This machine's results, measured only when no cached run matches (or ``force``)."""
        name = f"{self.cache_key(quick=quick)}.json"
        if force:
            (self.cache_dir / name).unlink(missing_ok=True)
        return json.loads(
            kept(self.cache_dir, name, lambda: json.dumps(self.measure(quick=quick), indent=1))
        )

    def latest_cached(self) -> dict[str, Any] | None:
        """The most recent cached run of this machine, whatever its key (it may be stale)."""
        found = sorted(self.cache_dir.glob("*.json"), key=lambda p: p.stat().st_mtime)
        return json.loads(found[-1].read_text(encoding="utf-8")) if found else None


@dataclass
class ResultSet:
    """One machine's results and how far to trust them."""

    results: dict[str, Any]
    stale: bool = False
    foreign: bool = False
    recorded: bool = False


@dataclass
class Shown:
    """What a build shows: its own results, which claims are checked against, and others'.
    Under ``mkdocs serve`` (``lenient``) a stale result's contradicted claims show "?"."""

    own: ResultSet | None
    others: list[ResultSet]
    lenient: bool = False


def classify(results: dict[str, Any], code_version: str, *, recorded: bool = False) -> ResultSet:
    """Label ``results`` stale (other benchmark code or torch) or foreign (another machine)."""
    here, prov = host(), results["provenance"]
    stale = prov.get("code_version") != code_version or prov.get("torch") != here["torch"]
    foreign = prov.get("cpu") != here["cpu"] or prov.get("machine") != here["machine"]
    return ResultSet(results, stale=stale, foreign=foreign, recorded=recorded)


def read(path: Path) -> dict[str, Any]:
    """A results file; one in another format fails, naming the file."""
    results: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if results.get("format") != FORMAT:
        raise ValueError(f"{path}: results format {results.get('format')}, expected {FORMAT}")
    return results
