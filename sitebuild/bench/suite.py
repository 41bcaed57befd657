"""Running the benchmark suite: fresh processes, provenance, a cache, and results from elsewhere.

A run measures every registered case on every device present, each case in fresh processes
spread over the whole run, and writes one JSON file: the rows, what each case is (baseline,
metrics), how long each case took, and where, when and with what it was measured. Results are
cached under ``.cache/bench/`` keyed by the measured code and the environment, so a page edit or
``mkdocs serve`` never measures again.

Examples:
    >>> from sitebuild.bench.suite import schedule
    >>> schedule({"a": 3, "compile": 1}, ["cpu"], quick=False)
    [('a', 'cpu'), ('compile', 'cpu'), ('a', 'cpu'), ('a', 'cpu')]
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
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sitebuild.bench.registry import CASES, Row, combine_rows
from sitebuild.runs.cachefiles import kept
from sitebuild.runs.zygote import JobTimedOut, ZygotePool

FORMAT = 3
"""Version of the results file: 3 added each row's speed-up measured in pairs of blocks."""
PEAK = "peak"
"""The case that measures the machine's ceiling: run first, and every rate is a share of it."""
MEASURED_CODE = ("registry.py", "timing.py", "worker.py", "cases")
"""The benchmark's own files whose change means new figures; rendering is not among them."""


def code_of(source: str) -> str:
    r"""What of a module's ``source`` can change a measurement: its syntax tree, without the
    docstrings and comments, so that editing the API reference's words keeps the figures.

    Examples:
        >>> old = "def f():\n    'Old words.'\n    return 1  # why"
        >>> code_of(old) == code_of("def f():\n    'New words.'\n    return 1")
        True
        >>> code_of("x = 1") == code_of("x = 2")
        False
    """
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


@lru_cache(maxsize=256)
def _code_of_file(path: Path, mtime_ns: int, size: int) -> str:
    """:func:`code_of` a file, remembered per file version: a build asks once per language, and
    ``mkdocs serve`` once per language on every rebuild."""
    return code_of(path.read_text(encoding="utf-8"))


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


def host() -> dict[str, str]:
    """Where results are being looked at, without importing torch."""
    return {
        "torch": importlib.metadata.version("torch"),
        "python": platform.python_version(),
        "cpu": cpu_model(),
        "machine": os.environ.get("DYNDOCS_MACHINE", platform.node()),
    }


def gpu_name() -> str | None:
    """The first NVIDIA GPU's name, asked of ``nvidia-smi`` (torch is slow to import)."""
    if shutil.which("nvidia-smi") is None:
        return None
    done = subprocess.run(
        ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True, text=True
    )
    names = done.stdout.strip().splitlines() if done.returncode == 0 else []
    return names[0].strip() if names else None


def schedule(
    processes: dict[str, int], devices: list[str], *, quick: bool
) -> list[tuple[str, str]]:
    """The order of a run's processes: every case once, then every case again, and so on.

    A case's processes are spread over the whole run rather than run back to back, so a burst of
    load on a shared machine reaches at most one of them, and their median drops it.
    """
    most = 1 if quick else max(processes.values(), default=1)
    return [
        (name, device)
        for index in range(most)
        for device in devices
        for name, count in processes.items()
        if index < (1 if quick else count)
    ]


def peak_gflops(combined: dict[tuple[str, str], list[Row]]) -> dict[str, float]:
    """The peak GFLOP/s the ``peak`` case measured, per device."""
    return {
        device: float(row.metrics["gflops"])
        for (name, device), rows in combined.items()
        if name == PEAK
        for row in rows
        if "gflops" in row.metrics
    }


@dataclass
class Suite:
    """The benchmark suite of one repository.

    Args:
        root: The repository root: the benchmark code is ``sitebuild/bench`` below it, and the
            models it measures are found from the cases' imports.
        cache_dir: Where measured runs are cached.
        timeout_s: How long one process may take before the run fails, naming its case.
    """

    root: Path
    cache_dir: Path
    timeout_s: float = 600
    zygotes: ZygotePool = field(default_factory=lambda: ZygotePool(size=1))

    @property
    def cases(self) -> list[str]:
        """Every registered case, the peak first (importing them imports torch)."""
        return sorted(CASES.names(), key=lambda name: name != PEAK)

    def code_version(self) -> str:
        """Digest of the measuring code and of the readers' package modules the cases import."""
        from sitebuild.runs.runner import CodeRunner

        bench = self.root / "sitebuild" / "bench"
        files = sorted(
            p
            for p in bench.rglob("*.py")
            if p.relative_to(bench).as_posix().startswith(MEASURED_CODE)
        )
        sources = "\n".join(p.read_text(encoding="utf-8") for p in files)
        models = CodeRunner(self.root, self.cache_dir).dependencies(sources)
        digest = hashlib.sha256()
        for path in [*files, *models]:
            digest.update(path.relative_to(self.root).as_posix().encode())
            stat = path.stat()
            digest.update(_code_of_file(path, stat.st_mtime_ns, stat.st_size).encode())
        return digest.hexdigest()[:12]

    def environment(self) -> dict[str, Any]:
        import torch

        gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
        return {**host(), "gpu": gpu, "threads": 1}

    def devices(self) -> list[str]:
        import torch

        return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]

    def cache_key(self, *, quick: bool) -> str:
        """The key of this machine's results; it imports no torch, so a cached build stays quick."""
        stable = {**{k: v for k, v in host().items() if k != "machine"}, "gpu": gpu_name()}
        raw = json.dumps([self.code_version(), stable, quick], sort_keys=True).encode()
        return hashlib.sha256(raw).hexdigest()[:16]

    def run_process(self, name: str, device: str, *, quick: bool) -> tuple[list[Row], float]:
        """Run one case once, in a fresh process; return its rows and how long it took.

        The process is forked from a zygote that has imported torch and nothing else
        (:mod:`sitebuild.runs.zygote`), so no case inherits another's compiled code or allocator
        state.
        """
        start_env = {
            # Kept between runs: the first Inductor compile in a cold cache costs seconds.
            "TORCHINDUCTOR_CACHE_DIR": str(self.cache_dir.parent / "inductor"),
            "OMP_NUM_THREADS": "1",
        }
        argv = ["-m", "sitebuild.bench.worker", name, device, *(["--quick"] if quick else [])]
        started = time.perf_counter()
        try:
            status, stdout, stderr = self.zygotes.run(
                argv, cwd=self.root, start_env=start_env, timeout_s=self.timeout_s
            )
        except JobTimedOut as error:
            raise BenchmarkFailed(
                f"benchmark {name!r} on {device} timed out after {self.timeout_s} s"
            ) from error
        if status != 0:
            raise BenchmarkFailed(
                f"benchmark {name!r} on {device} failed:\n{stderr.strip()[-3000:]}"
            )
        payload = json.loads(stdout.strip().splitlines()[-1])
        rows = [Row.from_json(r) for r in payload["rows"]]
        return rows, time.perf_counter() - started

    def run_case(self, name: str, device: str, *, quick: bool) -> list[Row]:
        """Run one case in its fresh processes, back to back (for tests; a run spreads them)."""
        spec = CASES[name]
        count = 1 if quick else spec.processes
        return combine_rows(
            [self.run_process(name, device, quick=quick)[0] for _ in range(count)], spec.metrics
        )

    def measure(self, *, quick: bool, progress: bool = False) -> dict[str, Any]:
        """Run every case on every device present; return the results with provenance."""
        from tqdm import tqdm

        present = self.devices()
        processes = {name: CASES[name].processes for name in self.cases}
        jobs = schedule(processes, present, quick=quick)
        runs: dict[tuple[str, str], list[list[Row]]] = {}
        seconds: dict[str, float] = {}
        started = dt.datetime.now(dt.UTC)
        bar = tqdm(
            jobs, desc="benchmarks", unit="process", disable=not (progress and sys.stderr.isatty())
        )
        for name, device in bar:
            bar.set_postfix_str(f"{name} on {device}")
            rows, took = self.run_process(name, device, quick=quick)
            runs.setdefault((name, device), []).append(rows)
            seconds[name] = seconds.get(name, 0.0) + took
        combined = {
            (name, device): combine_rows(runs[(name, device)], CASES[name].metrics)
            for name, device in runs
        }
        cases = {
            name: {
                **CASES[name].describe(),
                "seconds": round(seconds[name], 1),
                "devices": {
                    device: [r.to_json() for r in combined[(name, device)]] for device in present
                },
            }
            for name in self.cases
        }
        return {
            "format": FORMAT,
            "provenance": {
                **self.environment(),
                "peak_gflops": peak_gflops(combined),
                "date": started.isoformat(timespec="seconds"),
                "code_version": self.code_version(),
                "quick": quick,
                "key": self.cache_key(quick=quick),
                "duration_s": round((dt.datetime.now(dt.UTC) - started).total_seconds(), 1),
            },
            "cases": cases,
        }

    def load_or_measure(
        self, *, quick: bool, force: bool = False, progress: bool = False
    ) -> dict[str, Any]:
        """This machine's results, measured only when no cached run matches (or ``force``)."""
        name = f"{self.cache_key(quick=quick)}.json"
        if force:
            (self.cache_dir / name).unlink(missing_ok=True)

        def measured() -> str:
            return json.dumps(self.measure(quick=quick, progress=progress), indent=1)

        return json.loads(kept(self.cache_dir, name, measured))

    def latest_cached(self) -> dict[str, Any] | None:
        """The most recent cached run of this machine, whatever its key (it may be stale)."""
        found = sorted(self.cache_dir.glob("*.json"), key=lambda p: p.stat().st_mtime)
        return json.loads(found[-1].read_text(encoding="utf-8")) if found else None
