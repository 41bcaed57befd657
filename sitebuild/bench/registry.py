"""Benchmark cases that describe themselves: one registration per case.

A case is a function that measures something and returns :class:`Row` objects. Its registration
says everything the rest of the machinery needs: its baseline variant, how many fresh processes
measure it, and the metrics its rows carry, with their unit, how several processes' values
combine, and where the page shows them. Adding a case means adding its module under
:mod:`sitebuild.bench.cases` and its labels to the language files, nothing else.

Examples:
    >>> from sitebuild.bench.registry import Metric, Row, combine_rows
    >>> spec = (Metric("saved_bytes", unit="bytes", combine="first"),)
    >>> runs = [[Row("r", "v", median_s=t, iqr_s=0.1, runs=5, metrics={"saved_bytes": 8})]
    ...         for t in (1.0, 3.0, 2.0)]
    >>> row = combine_rows(runs, spec)[0]
    >>> row.median_s, row.runs, row.metrics, row.processes
    (2.0, 15, {'saved_bytes': 8}, 3)
"""

from __future__ import annotations

import importlib
import pkgutil
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Unit = Literal["s", "bytes", "count", "share", "bool", "gflops"]
Combine = Literal["median", "first", "all"]
Show = Literal["cell", "note", "hidden"]


@dataclass(frozen=True)
class Metric:
    """One figure a case's rows carry besides their timing.

    Args:
        name: The key in :attr:`Row.metrics`, and in claims (``case.row.variant.NAME``).
        unit: How it is formatted: seconds, bytes, a count, a share (0 to 1), a yes/no, GFLOP/s.
        combine: Across processes: the ``median``, the ``first`` process's value (for figures
            that do not vary, such as bytes), or ``all`` (a yes/no that must hold in every one).
        show: In each table ``cell``, once in the ``note`` under the table, or ``hidden``.
    """

    name: str
    unit: Unit
    combine: Combine = "first"
    show: Show = "cell"


@dataclass
class Row:
    """One (row, variant) measurement: a timing, or why the variant could not run.

    ``speedup`` is the variant's speed over its case's baseline, measured in the same rounds
    (:func:`sitebuild.bench.timing.paired_ratio`); a case with a baseline gives every timed row
    one, its baseline included.
    """

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

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Row:
        return cls(**data)


@dataclass(frozen=True)
class LineChart:
    """A log-log line chart of a case's rows: how cost grows with the work.

    Args:
        name: Its title and axis labels are ``bench.charts.NAME.*`` in the language files.
        x: The metric on the x axis, e.g. ``elements``.
        y: What is plotted: ``median_s`` or a metric.
        variants: The lines, one per variant; all variants if empty.
        rows: Only rows whose name starts with this.
        crossover: ``(variant, metric, share)``: mark the first x where ``variant``'s
            ``metric``, a share of its time that the table shows too, falls below ``share``.
    """

    name: str
    x: str
    y: str = "median_s"
    variants: tuple[str, ...] = ()
    rows: str = ""
    crossover: tuple[str, str, float] | None = None


CaseFunction = Callable[[bool, Any], list[Row]]


@dataclass(frozen=True)
class Case:
    """A registered benchmark case."""

    name: str
    function: CaseFunction
    baseline: str
    """The variant the others are compared with; empty for a case whose rows are a sweep."""
    processes: int = 3
    metrics: tuple[Metric, ...] = ()
    charts: tuple[LineChart, ...] = ()

    def check(self, rows: list[Row]) -> list[Row]:
        """``rows``, if every timed row whose baseline was timed carries its speed-up over it, and
        every row with a rate its share of the peak, where the case reports shares.

        The baseline's own speed-up is exactly 1 (each block over itself), so a case that named
        another variant to ``measure_many`` than the one it registered fails too.

        Raises:
            ValueError: A row has no speed-up, or one over another variant, or a rate without its
                share; the message names the case and the row.
        """
        shares = any(m.name == "peak_share" for m in self.metrics)
        for r in rows:
            if shares and "gflops" in r.metrics and "peak_share" not in r.metrics:
                raise ValueError(
                    f"benchmark case {self.name!r}: row {r.row}.{r.variant} has a rate but no "
                    f"share of the peak; time it with measure_many(..., ceiling=...) and report "
                    f"Ceiling.rate"
                )
        if not self.baseline:
            return rows
        timed_baselines = {r.row for r in rows if r.variant == self.baseline and r.median_s}
        fix = f"time it with measure_many(..., baseline={self.baseline!r})"
        for r in rows:
            if r.median_s is None or r.row not in timed_baselines:
                continue
            if r.speedup is None:
                raise ValueError(
                    f"benchmark case {self.name!r}: row {r.row}.{r.variant} has no speed-up "
                    f"over {self.baseline!r}; {fix}"
                )
            if r.variant == self.baseline and r.speedup != 1.0:
                raise ValueError(
                    f"benchmark case {self.name!r}: row {r.row}.{r.variant}, the baseline, has "
                    f"a speed-up of {r.speedup:.3g}, so it was timed against another variant; "
                    f"{fix}"
                )
        return rows

    def describe(self) -> dict[str, Any]:
        """What a results file records about the case, so rendering needs no code of it."""
        return {
            "baseline": self.baseline,
            "processes": self.processes,
            "metrics": [asdict(m) for m in self.metrics],
            "charts": [asdict(c) for c in self.charts],
        }


class CaseRegistry:
    """The cases by name, in registration order; :data:`CASES` is the project's."""

    def __init__(self) -> None:
        self._cases: dict[str, Case] = {}

    def register(
        self,
        *,
        baseline: str,
        processes: int = 3,
        metrics: tuple[Metric, ...] = (),
        charts: tuple[LineChart, ...] = (),
    ) -> Callable[[CaseFunction], CaseFunction]:
        """Decorator: register the function under its own name."""

        def add(function: CaseFunction) -> CaseFunction:
            name = function.__name__
            if name in self._cases:
                raise ValueError(f"benchmark case {name!r} is registered twice")
            self._cases[name] = Case(name, function, baseline, processes, metrics, charts)
            return function

        return add

    def __getitem__(self, name: str) -> Case:
        self.load()
        if name not in self._cases:
            raise KeyError(f"unknown benchmark case {name!r}; known: {', '.join(self._cases)}")
        return self._cases[name]

    def names(self) -> list[str]:
        self.load()
        return list(self._cases)

    def load(self) -> None:
        """Import every module of :mod:`sitebuild.bench.cases`, which registers its cases."""
        package = importlib.import_module("sitebuild.bench.cases")
        for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if not module.name.startswith("_"):
                importlib.import_module(f"{package.__name__}.{module.name}")


CASES = CaseRegistry()
case = CASES.register

ARITHMETIC = (
    Metric("gflops", unit="gflops", combine="median"),
    Metric("peak_share", unit="share", combine="median"),
)
"""The metrics of a case that does real arithmetic: its rows carry ``gflops`` and ``peak_share``,
that rate over the peak's, timed beside it (``Ceiling.rate``, in ``bench/cases/_shared.py``)."""


def combine_rows(runs: list[list[Row]], metrics: tuple[Metric, ...]) -> list[Row]:
    """Merge the rows of several processes: median time and IQR, metrics as registered."""
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
            if speedups:
                row.speedup = statistics.median(speedups)
        for name, value in first.metrics.items():
            rule = rules.get(name)
            if rule is None:
                raise KeyError(
                    f"metric {name!r} of row {first.row}.{first.variant} is not registered"
                )
            values = [r.metrics[name] for r in same]
            if rule == "median":
                row.metrics[name] = statistics.median(values)
            elif rule == "all":
                row.metrics[name] = all(values)
            else:
                row.metrics[name] = value
        combined.append(row)
    return combined
