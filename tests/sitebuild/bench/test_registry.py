"""sitebuild.bench.registry: every case registers itself completely, and rows combine by rule."""

from __future__ import annotations

import pytest

from sitebuild.bench.registry import CASES, CaseRegistry, Metric, Row, combine_rows


def test_every_case_describes_itself() -> None:
    names = CASES.names()
    assert {"graph_overhead", "no_grad", "compile", "batching", "zero_grad", "cpp", "peak"} <= set(
        names
    )
    for name in names:
        case = CASES[name]
        assert case.processes >= 1
        assert all(m.unit and m.combine and m.show for m in case.metrics), name
        metric_names = {m.name for m in case.metrics}
        for chart in case.charts:
            assert chart.x in metric_names, f"{name}: chart {chart.name} plots an unknown x"
            assert chart.y == "median_s" or chart.y in metric_names, f"{name}: {chart.name}"


def test_a_case_with_a_rate_reports_its_share_of_the_peak() -> None:
    """``gflops`` without ``peak_share`` would leave the rate without its ceiling."""
    for name in CASES.names():
        metrics = {m.name for m in CASES[name].metrics}
        if "gflops" in metrics and name != "peak":
            assert "peak_share" in metrics, name


def test_a_case_registered_twice_fails_by_name() -> None:
    registry = CaseRegistry()

    def twin(quick: bool, device: object) -> list[Row]:
        return []

    registry.register(baseline="a")(twin)
    with pytest.raises(ValueError, match="'twin' is registered twice"):
        registry.register(baseline="a")(twin)


def test_unknown_case_is_named() -> None:
    with pytest.raises(KeyError, match="unknown benchmark case 'nope'"):
        CASES["nope"]


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


def test_an_unregistered_metric_fails_by_name() -> None:
    runs = [[Row("r", "v", 1.0, 0.1, 5, {"mystery": 1})]]
    with pytest.raises(KeyError, match="metric 'mystery' of row r.v is not registered"):
        combine_rows(runs, ())
