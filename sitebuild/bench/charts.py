"""Log-log line charts of a sweep (cost against size, length or batch), as inline SVG.

A chart is described by its case's registration (:class:`~sitebuild.bench.registry.LineChart`)
and drawn here from the results file alone. Written by hand rather than with a plotting library:
a chart is a few dozen SVG elements whose colours must follow the site's light and dark schemes
(CSS variables set in ``overrides/main.html``) and whose text must be the page's language, and
the build must not need matplotlib and its fonts for that.

Examples:
    >>> from sitebuild.bench.charts import decade_ticks, x_label
    >>> decade_ticks(3e-7, 4e-4)
    [1e-07, 1e-06, 1e-05, 0.0001, 0.001]
    >>> x_label(1_000_000), x_label(256)
    ('10⁶', '256')
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sitebuild.bench.formats import format_value

MARKERS = ("circle", "square", "triangle", "diamond")
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Line:
    """One variant's points, sorted by x; empty with ``missing`` set if it was not measured."""

    variant: str
    points: list[tuple[float, float]]
    missing: str | None = None


def decade_ticks(low: float, high: float) -> list[float]:
    """Powers of ten covering ``low`` to ``high``; with 1, 2 and 5 steps if that gives few."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    ticks = [10.0**e for e in range(first, last + 1)]
    if len(ticks) <= 3:
        ticks = [m * 10.0**e for e in range(first, last + 1) for m in (1, 2, 5)]
        ticks = [t for t in ticks if t <= 10.0**last]
    return [float(f"{t:.3g}") for t in ticks]


def x_label(value: float) -> str:
    """A tick label on the x axis: 10⁶ for large powers of ten, the number otherwise."""
    exponent = math.log10(value)
    if value >= 10_000 and exponent == int(exponent):
        return "10" + str(int(exponent)).translate(SUPERSCRIPT)
    return f"{value:,.0f}"


def lines_of(
    rows: list[dict[str, Any]], x: str, y: str, variants: list[str], prefix: str
) -> list[Line]:
    """The points of each variant: ``x`` and ``y`` are ``median_s`` or metric names."""

    def value(row: dict[str, Any], name: str) -> float | None:
        found = row.get(name, row.get("metrics", {}).get(name))
        return float(found) if found is not None else None

    lines = []
    for variant in variants:
        mine = [r for r in rows if r["variant"] == variant and r["row"].startswith(prefix)]
        missing = next((str(r["unsupported"]) for r in mine if r.get("unsupported")), None)
        points = []
        for r in mine:
            px, py = value(r, x), value(r, y)
            if px is not None and py is not None and px > 0 and py > 0:
                points.append((px, py))
        lines.append(Line(variant, sorted(points), missing if not points else None))
    return lines


def crossover(lines: list[Line], variant: str, floor: str, share: float) -> float | None:
    """The first x where ``variant`` is within ``share`` of ``floor`` (``1 - floor/variant``)."""
    by_name = {line.variant: dict(line.points) for line in lines}
    upper, lower = by_name.get(variant, {}), by_name.get(floor, {})
    for x in sorted(set(upper) & set(lower)):
        if 1 - lower[x] / upper[x] < share:
            return x
    return None


@dataclass(frozen=True)
class ChartText:
    """The words of one chart in the page's language."""

    title: str
    x_axis: str
    y_axis: str
    crossover: Callable[[float], str]
    missing: Callable[[str, str], str]


def line_chart(lines: list[Line], y_unit: str, text: ChartText, mark: float | None) -> str:
    """An SVG log-log chart of ``lines``, with a dashed line at ``mark`` if given."""
    drawn = [line for line in lines if line.points]
    if not drawn:
        return ""
    xs = [x for line in drawn for x, _ in line.points]
    ys = [y for line in drawn for _, y in line.points]
    x_ticks = sorted(set(xs)) if len(set(xs)) <= 8 else decade_ticks(min(xs), max(xs))
    y_ticks = decade_ticks(min(ys), max(ys))
    left, right, top, bottom, width, height = 78, 112, 14, 46, 620, 300
    x_low, x_high = math.log10(min(x_ticks)), math.log10(max(x_ticks))
    y_low, y_high = math.log10(min(y_ticks)), math.log10(max(y_ticks))

    def px(x: float) -> float:
        span = (x_high - x_low) or 1
        return left + (math.log10(x) - x_low) / span * (width - left - right)

    def py(y: float) -> float:
        span = (y_high - y_low) or 1
        return height - bottom - (math.log10(y) - y_low) / span * (height - top - bottom)

    title = html.escape(text.title)
    parts = [
        f'<svg class="bench-line" role="img" viewBox="0 0 {width} {height}" width="{width}" '
        # Text inherits the root's fill, the page's text colour; lines and markers set their own.
        f'height="{height}" fill="currentColor" '
        'style="width:100%;min-width:520px;height:auto;font-size:12px">',
        f"<title>{title}</title>",
    ]
    axis = 'stroke="currentColor" stroke-opacity="0.25" stroke-width="1"'
    for tick in y_ticks:
        y = py(tick)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" {axis}/>')
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{html.escape(format_value(tick, y_unit))}</text>"
        )
    for tick in x_ticks:
        x = px(tick)
        parts.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" {axis}/>')
        parts.append(
            f'<text x="{x:.1f}" y="{height - bottom + 16}" text-anchor="middle" '
            f">{x_label(tick)}</text>"
        )
    parts.append(
        f'<text x="{(left + width - right) / 2:.1f}" y="{height - 8}" text-anchor="middle" '
        f">{html.escape(text.x_axis)}</text>"
    )
    parts.append(
        f'<text transform="translate(14 {(top + height - bottom) / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{html.escape(text.y_axis)}</text>'
    )
    if mark is not None:
        x = px(mark)
        parts.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" '
            'stroke="currentColor" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
        parts.append(
            f'<text x="{x - 4:.1f}" y="{top + 12}" text-anchor="end">'
            f"{html.escape(text.crossover(mark))}</text>"
        )
    for index, line in enumerate(lines):
        colour = f"var(--bench-series-{index % 4})"
        if not line.points:
            continue
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in line.points)
        parts.append(
            f'<polyline points="{points}" fill="none" style="stroke:{colour}" stroke-width="2"/>'
        )
        parts += [_marker(MARKERS[index % 4], px(x), py(y), colour) for x, y in line.points]
        # A legend in the right margin rather than labels at the line ends, which collide
        # where lines meet (at large sizes every variant costs the same).
        legend_x, legend_y = width - right + 12, top + 8 + index * 20
        parts += [
            f'<line x1="{legend_x}" y1="{legend_y}" x2="{legend_x + 22}" y2="{legend_y}" '
            f'style="stroke:{colour}" stroke-width="2"/>',
            _marker(MARKERS[index % 4], legend_x + 11, legend_y, colour),
            f'<text x="{legend_x + 28}" y="{legend_y + 4}">{html.escape(line.variant)}</text>',
        ]
    parts.append("</svg>")
    notes = [text.missing(line.variant, line.missing) for line in lines if line.missing]
    caption = " ".join([title, *(html.escape(n) for n in notes)])
    return figure("".join(parts), caption)


def figure(svg: str, caption: str) -> str:
    """A chart and its caption. On a narrow screen the chart scrolls sideways at a readable size
    rather than shrinking its text; it is focusable so that keyboards can scroll it too."""
    return (
        '<figure class="bench-figure" data-search-exclude="">\n'
        f'<div class="bench-scroll" tabindex="0" data-search-exclude>{svg}</div>\n'
        f"<figcaption>{caption}</figcaption>\n</figure>"
    )


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    """A point's marker: the shape tells the lines apart without colour."""
    style = f'style="fill:{colour}"'
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" {style}/>'
    if shape == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" {style}/>'
    if shape == "triangle":
        return f'<path d="M{x:.1f} {y - 4.5:.1f}L{x + 4:.1f} {y + 3:.1f}H{x - 4:.1f}Z" {style}/>'
    corners = (
        f"M{x:.1f} {y - 4.5:.1f}L{x + 4.5:.1f} {y:.1f}L{x:.1f} {y + 4.5:.1f}L{x - 4.5:.1f} {y:.1f}Z"
    )
    return f'<path d="{corners}" {style}/>'
