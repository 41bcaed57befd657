"""sitebuild.bench.charts and the line charts on the pages, drawn from the recorded results."""

from __future__ import annotations

import copy
import html
import re
from typing import Any

import pytest

from sitebuild.bench import charts
from sitebuild.bench.render import CaseData, Renderer
from sitebuild.bench.suite import Shown, classify
from sitebuild.languages.strings import Strings
from sitebuild.project import Project

from ...support import locales
from .test_render import render_page


def without_cpp(results: dict[str, Any]) -> dict[str, Any]:
    """``results`` as a machine without a C++ compiler measures them (see the ``cpp`` case)."""
    changed = copy.deepcopy(results)
    for case in changed["cases"].values():
        for rows in case["devices"].values():
            for index, row in enumerate(rows):
                if row["variant"] == "cpp":
                    rows[index] = {
                        "row": row["row"],
                        "variant": "cpp",
                        "unsupported": "no C++ compiler",
                        "runs": 0,
                        "processes": 3,
                    }
                row.get("metrics", {}).pop("overhead_share", None)
    return changed


def drawing(figure: str) -> str:
    """The one drawing of a chart figure."""
    found = re.findall(r"<svg .*?</svg>", figure, flags=re.S)
    assert len(found) == 1, "a chart figure holds one drawing"
    return found[0]


def view_width(svg: str) -> float:
    match = re.search(r'viewBox="0 0 ([\d.]+) ', svg)
    assert match is not None
    return float(match[1])


def test_crossover_is_the_first_size_whose_share_is_below_the_threshold() -> None:
    shares = {1: 0.9, 10: 0.75, 100: 0.13, 1000: 0.05, 10_000: 0.02}
    rows = [
        {"row": f"n={n}", "variant": "recorded", "metrics": {"elements": n, "share": v}}
        for n, v in shares.items()
    ]
    rows.append({"row": "n=1", "variant": "cpp", "metrics": {"elements": 1, "share": 0.0}})
    assert charts.crossover(rows, "elements", "recorded", "share", 0.2) == 100
    assert charts.crossover(rows, "elements", "recorded", "share", 0.1) == 1000
    assert charts.crossover(rows, "elements", "recorded", "share", 0.01) is None


def test_ticks_cover_the_data() -> None:
    assert charts.decade_ticks(52, 962) == [10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
    assert (
        charts.decade_ticks(7e-7, 4.8e-4)[0] <= 7e-7
        and charts.decade_ticks(7e-7, 4.8e-4)[-1] >= 4.8e-4
    )


@pytest.mark.parametrize("locale", locales())
def test_every_registered_chart_is_drawn_in_the_page_language(
    recorded: dict[str, Any], strings: Strings, locale: str
) -> None:
    renderer = Renderer(strings, locale)
    drawn = 0
    for name, case in recorded["cases"].items():
        data = CaseData.of(recorded, name, "cpu")
        for spec in case["charts"]:
            variants = spec["variants"] or {r["variant"] for r in data.rows}
            svg = drawing(renderer.line_chart(data, spec))
            assert svg.count("<polyline") == len(variants), (name, spec["name"])
            assert strings.get(locale, f"bench.charts.{spec['name']}.title") in svg
            assert strings.get(locale, f"bench.charts.{spec['name']}.x") in svg
            # Every variant is named in the page's language (a model by its row's name).
            labels = [renderer.variant_label(v).strip("`") for v in variants]
            assert all(f">{html.escape(label)}</text>" in svg for label in labels), labels
            drawn += 1
    assert drawn >= 4


def test_the_overhead_chart_marks_the_recorded_crossover(
    recorded: dict[str, Any], strings: Strings
) -> None:
    data = CaseData.of(recorded, "graph_overhead", "cpu")
    (spec,) = recorded["cases"]["graph_overhead"]["charts"]
    shares = {
        r["metrics"]["elements"]: r["metrics"]["overhead_share"]
        for r in data.rows
        if r["variant"] == "recorded" and "elements" in r["metrics"]  # svdvals is no size sweep
    }
    first_below = min(x for x, share in shares.items() if share < 0.10)
    svg = drawing(Renderer(strings, "en").line_chart(data, spec))
    assert f"overhead below 10% from {charts.x_label(first_below)}" in svg
    assert 'stroke-dasharray="5 4"' in svg


WORDS = ("Cost", "size", "time")


def mark_at(x: float) -> tuple[float, str]:
    return x, f"overhead below 10% from {charts.x_label(x)}"


LINES = [
    charts.Line("recorded", [(1.0, 1e-5), (1e3, 2e-5), (1e6, 1e-3)]),
    charts.Line("no_grad", [(1.0, 5e-6), (1e3, 1.5e-5), (1e6, 1e-3)]),
]


@pytest.mark.parametrize("mark", [1e3, 1e6])
def test_the_crossover_label_stays_inside_the_plot(mark: float) -> None:
    svg = charts.line_figure(LINES, "s", WORDS, mark_at(mark), [])
    label = re.search(r'<text x="([\d.]+)" y="[\d.]+">overhead', svg)
    assert label is not None
    start, size = float(label[1]), charts.text_width(mark_at(mark)[1])
    assert charts.LEFT <= start and start + size <= charts.WIDTH - charts.RIGHT, mark


def test_a_chart_fits_a_phone_at_12_px_and_keeps_every_label() -> None:
    """One drawing as wide as a 360 px phone's text column, so its 12 px text is drawn at
    12 px there; wider screens scale it up to the body text's 16 px, no further."""
    bars = [("tiny MLP · trace", 2.5), ("宽 MLP · no_grad", 0.8)]
    for figure in (
        charts.bar_figure(bars, "Speed-up"),
        charts.line_figure(LINES, "s", WORDS, None, []),
    ):
        svg = drawing(figure)
        assert view_width(svg) <= 330 and "font-size:12px" in svg
        assert f"width:{charts.MAX_WIDTH}px;max-width:100%" in svg
        assert charts.MAX_WIDTH <= 16 / 12 * 330
    svg = drawing(charts.bar_figure(bars, "Speed-up"))
    assert ">tiny MLP · trace</text>" in svg and ">宽 MLP · no_grad</text>" in svg
    assert ">2.50×</text>" in svg and ">0.80×</text>" in svg


@pytest.mark.parametrize("locale", locales())
def test_without_a_compiler_the_pages_label_the_cpp_figures_and_still_build(
    recorded: dict[str, Any], strings: Strings, project: Project, locale: str
) -> None:
    results = without_cpp(recorded)
    shown = Shown(classify(results, results["provenance"]["code_version"], recorded=True), [])
    renderer = Renderer(strings, locale)
    label = strings.get(locale, "bench.unsupported", error="no C++ compiler")
    for page in ("performance.md", "tips/performance.md"):
        path = project.root / "docs" / locale / page
        text = render_page(path.read_text(encoding="utf-8"), shown, renderer, str(path))
        assert label in text, f"{page}: the C++ figures are not labelled"
        assert "{{bench" not in text and "<!-- bench:" not in text
    overhead = CaseData.of(results, "graph_overhead", "cpu")
    figure = renderer.line_chart(overhead, results["cases"]["graph_overhead"]["charts"][0])
    svg = drawing(figure)
    assert svg.count("<polyline") == 2 and "stroke-dasharray" not in svg
    cpp = renderer.variant_label("cpp").strip("`")
    missing = strings.get(locale, "bench.line_missing", variant=cpp, error="no C++ compiler")
    assert missing in figure.split("<figcaption>")[1]
