"""Benchmark cases: functions that ``@case`` registers with their baseline, metrics and charts.

Examples:
    >>> runs = [[Row("r", "v", median_s=t, iqr_s=0.1, runs=5)] for t in (1.0, 3.0, 2.0)]
    >>> row = combine_rows(runs, ())[0]
    >>> row.median_s, row.runs, row.processes
    (2.0, 15, 3)
"""

from __future__ import annotations

import importlib
import operator
import pkgutil
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Metric:
    """A figure rows carry besides their timing. ``combine`` over processes: ``median``, ``first``
    (bytes, counts) or ``all`` (yes/no); ``show``: in each ``cell``, once in a ``note``, or not."""

    name: str
    unit: Literal["s", "bytes", "count", "share", "bool", "gflops"]
    combine: Literal["median", "first", "all"] = "first"
    show: Literal["cell", "note", "hidden"] = "cell"


@dataclass
class Row:
    """One (row, variant): a timing and its paired ``speedup``, or why it could not run."""

    row: str
    variant: str
    median_s: float | None = None
    iqr_s: float | None = None
    runs: int = 0
    metrics: dict[str, Any] = field(default_factory=dict)
    unsupported: str | None = None
    processes: int = 1
    speedup: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(frozen=True)
class LineChart:
    """A log-log chart of ``y`` against the metric ``x``, one line per variant (all if none
    given); ``crossover=(variant, metric, share)`` marks the first x where that share falls below
    ``share``. Its words are ``bench.charts.NAME.*``."""

    name: str
    x: str
    y: str = "median_s"
    variants: tuple[str, ...] = ()
    crossover: tuple[str, str, float] | None = None


@dataclass(frozen=True)
class Case:
    name: str
    function: CaseFunction
    baseline: str
    """The variant the others are compared with; empty for a sweep."""
    processes: int = 3
    metrics: tuple[Metric, ...] = ()
    charts: tuple[LineChart, ...] = ()

    def check(self, rows: list[Row]) -> list[Row]:
        """``rows`` if each metric is registered, each rate has its share of the peak and each
        timed row whose baseline ran its speed-up (the baseline's exactly 1); else ValueError."""
        registered = {m.name for m in self.metrics}
        shares = "peak_share" in registered
        timed_baselines = {r.row for r in rows if r.variant == self.baseline and r.median_s}
        fix = f"time it with measure_many(..., baseline={self.baseline!r})"
        for r in rows:
            where = f"benchmark case {self.name!r}: row {r.row}.{r.variant}"
            if unknown := sorted(set(r.metrics) - registered):
                raise ValueError(
                    f"{where} reports the metric {', '.join(unknown)}, not registered; add "
                    f"Metric(NAME, unit=...) to @case(metrics=...)"
                )
            if shares and "gflops" in r.metrics and "peak_share" not in r.metrics:
                raise ValueError(
                    f"{where} has a rate but no share of the peak; time it with "
                    f"measure_many(..., ceiling=...) and report Ceiling.rate"
                )
            if not self.baseline or r.median_s is None or r.row not in timed_baselines:
                continue
            if r.speedup is None:
                raise ValueError(f"{where} has no speed-up over {self.baseline!r}; {fix}")
            if r.variant == self.baseline and r.speedup != 1.0:
                raise ValueError(
                    f"{where}, the baseline, has a speed-up of {r.speedup:.3g}, so it was timed "
                    f"against another variant; {fix}"
                )
        return rows

    def describe(self) -> dict[str, Any]:
        """What a results file records of the case, so that rendering needs no code of it."""
        return {k: v for k, v in asdict(self).items() if k not in {"name", "function"}}


_CASES: dict[str, Case] = {}
CaseFunction = Callable[[bool, Any], list[Row]]


def case(**registration: Any) -> Callable[[CaseFunction], CaseFunction]:
    """Decorator: register the function as the case of its name, with :class:`Case`'s fields."""

    def add(function: CaseFunction) -> CaseFunction:
        if function.__name__ in _CASES:
            raise ValueError(f"benchmark case {function.__name__!r} is registered twice")
        _CASES[function.__name__] = Case(function.__name__, function, **registration)
        return function

    return add


def cases() -> dict[str, Case]:
    """Every case, by name, once each module of :mod:`sitebuild.bench.cases` has registered its."""
    package = importlib.import_module("sitebuild.bench.cases")
    for module in sorted(m.name for m in pkgutil.iter_modules(package.__path__)):
        if not module.startswith("_"):
            importlib.import_module(f"{package.__name__}.{module}")
    return _CASES


ARITHMETIC = (
    Metric("gflops", unit="gflops", combine="median"),
    Metric("peak_share", unit="share", combine="median"),
)
"""The metrics of a case that does real arithmetic: its rate, and its share of the peak."""


COMBINE: dict[str, Callable[[list[Any]], Any]] = {
    "median": statistics.median,
    "all": all,
    "first": operator.itemgetter(0),
}


def combine_rows(runs: list[list[Row]], metrics: tuple[Metric, ...]) -> list[Row]:
    """Merge the rows of several processes: median time, IQR and speed-up, metrics by rule."""
    rules = {m.name: m.combine for m in metrics}
    combined = []
    for index, first in enumerate(runs[0]):
        same = [run[index] for run in runs]
        row = Row(first.row, first.variant, unsupported=first.unsupported, processes=len(runs))
        if first.median_s is not None:
            row.median_s = statistics.median(r.median_s for r in same if r.median_s is not None)
            row.iqr_s = statistics.median(r.iqr_s for r in same if r.iqr_s is not None)
            row.runs = sum(r.runs for r in same)
            speedups = [r.speedup for r in same if r.speedup is not None]
            row.speedup = statistics.median(speedups) if speedups else None
        for name in first.metrics:  # all registered: the worker's Case.check refuses others
            values = [r.metrics[name] for r in same]
            row.metrics[name] = COMBINE[rules[name]](values)
        combined.append(row)
    return combined
