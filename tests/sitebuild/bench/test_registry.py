"""sitebuild.bench.registry: every case registers itself completely, and rows combine by rule."""

from __future__ import annotations

import pytest

from sitebuild.bench import registry
from sitebuild.bench.registry import ARITHMETIC, Case, Metric, Row, case, cases, combine_rows


def test_every_case_describes_itself() -> None:
    names = list(cases())
    assert {"graph_overhead", "no_grad", "compile", "batching", "zero_grad", "cpp", "peak"} <= set(
        names
    )
    for name in names:
        spec = cases()[name]
        assert spec.processes >= 1
        assert all(m.unit and m.combine and m.show for m in spec.metrics), name
        metric_names = {m.name for m in spec.metrics}
        for chart in spec.charts:
            assert chart.x in metric_names, f"{name}: chart {chart.name} plots an unknown x"
            assert chart.y == "median_s" or chart.y in metric_names, f"{name}: {chart.name}"


def test_a_case_with_a_rate_reports_its_share_of_the_peak() -> None:
    """``gflops`` without ``peak_share`` would leave the rate without its ceiling."""
    for name, spec in cases().items():
        metrics = {m.name for m in spec.metrics}
        if "gflops" in metrics and name != "peak":
            assert "peak_share" in metrics, name


def test_a_case_registered_twice_fails_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_CASES", {})

    def twin(quick: bool, device: object) -> list[Row]:
        return []

    case(baseline="a")(twin)
    with pytest.raises(ValueError, match="'twin' is registered twice"):
        case(baseline="a")(twin)


def test_metrics_combine_as_registered() -> None:
    spec = (
        Metric("saved_bytes", unit="bytes"),
        Metric("overhead_s", unit="s", combine="median"),
        Metric("agree", unit="bool", combine="all"),
    )
    runs = [
        [Row("r", "v", 1.0, 0.1, 5, {"saved_bytes": 8, "overhead_s": o, "agree": a})]
        for o, a in ((1.0, True), (9.0, False), (2.0, True))
    ]
    row = combine_rows(runs, spec)[0]
    assert row.metrics == {"saved_bytes": 8, "overhead_s": 2.0, "agree": False}


def test_an_unregistered_metric_fails_naming_the_case() -> None:
    """Checked in the worker, so that running one case alone catches it too."""
    sketch = Case("sketch", lambda quick, device: [], baseline="", metrics=ARITHMETIC)
    known = [Row("r", "v", 1.0, metrics={"gflops": 2.0, "peak_share": 0.5})]
    assert sketch.check(known) == known
    with pytest.raises(ValueError, match=r"case 'sketch': row r.v reports the metric mystery, not"):
        sketch.check([Row("r", "v", 1.0, metrics={"gflops": 2.0, "mystery": 1})])


def test_speed_ups_combine_as_the_median_of_the_processes() -> None:
    runs = [[Row("r", "v", 1.0, 0.1, 5, speedup=s)] for s in (1.9, 2.4, 2.0)]
    assert combine_rows(runs, ())[0].speedup == 2.0


def test_a_timed_row_without_its_speed_up_fails_naming_the_case() -> None:
    """A case that forgets ``baseline=`` in ``measure_many`` would show no ratios at all."""
    sketch = Case("sketch", lambda quick, device: [], baseline="a")
    paired = [Row("r", "a", 2.0, speedup=1.0), Row("r", "b", 1.0, speedup=2.0)]
    assert sketch.check(paired) == paired
    with pytest.raises(ValueError, match=r"case 'sketch': row r.b has no speed-up over 'a'"):
        sketch.check([Row("r", "a", 2.0, speedup=1.0), Row("r", "b", 1.0)])
    with pytest.raises(ValueError, match=r"row r.a, the baseline, has a speed-up of 0.5"):
        sketch.check([Row("r", "a", 2.0, speedup=0.5), Row("r", "b", 1.0, speedup=1.0)])
    # A row whose baseline could not run (no C++ compiler) has nothing to be compared with.
    alone = [Row("r", "a", unsupported="no compiler"), Row("r", "b", 1.0)]
    assert sketch.check(alone) == alone


def test_a_rate_without_its_share_of_the_peak_fails_naming_the_case() -> None:
    """A case that forgets ``ceiling=`` in ``measure_many`` would show rates with no ceiling."""
    sketch = Case("sketch", lambda quick, device: [], baseline="", metrics=ARITHMETIC)
    shared = [Row("r", "v", 1.0, metrics={"gflops": 2.0, "peak_share": 0.1})]
    assert sketch.check(shared) == shared
    with pytest.raises(ValueError, match=r"case 'sketch': row r.v has a rate but no share"):
        sketch.check([Row("r", "v", 1.0, metrics={"gflops": 2.0})])


def test_every_recorded_ratio_was_measured_in_pairs(recorded: dict[str, object]) -> None:
    """Every timed row of a case with a baseline carries its paired speed-up."""
    for name, described in recorded["cases"].items():  # type: ignore[attr-defined]
        rows = [Row(**r) for r in described["devices"]["cpu"]]
        cases()[name].check(rows)
        if described["baseline"]:
            assert any(r.speedup for r in rows), name
