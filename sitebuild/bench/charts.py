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

from sitebuild.bench.formats import format_ratio, format_value

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


def crossover(
    rows: list[dict[str, Any]], x: str, variant: str, metric: str, share: float, prefix: str = ""
) -> float | None:
    """The first ``x`` where ``variant``'s ``metric``, a share of its time, is below ``share``.

    The mark reads the figure the case's table shows, not one worked out again from the plotted
    medians: combined differently, the two can fall on either side of the threshold.
    """
    points = sorted(
        (float(r["metrics"][x]), float(r["metrics"][metric]))
        for r in rows
        if r["variant"] == variant
        and r["row"].startswith(prefix)
        and {x, metric} <= set(r.get("metrics", {}))
    )
    return next((px for px, value in points if value < share), None)


@dataclass(frozen=True)
class ChartText:
    """The words of one chart in the page's language."""

    title: str
    x_axis: str
    y_axis: str
    crossover: Callable[[float], str]
    missing: Callable[[str, str], str]


@dataclass(frozen=True)
class Frame:
    """Where a chart draws, in SVG units: its plot's size and margins, and its legend's place.

    Every chart is drawn in two frames (see :func:`figure`): a wide chart shrunk to a phone's
    width would shrink its text below a readable size.
    """

    width: int
    plot_height: int
    left: int
    right: int
    top: int = 14
    bottom: int = 46
    legend_below: bool = False
    style: str = "width:100%;height:auto;font-size:12px"


WIDE = Frame(
    620, 300, left=78, right=112, style="width:100%;min-width:520px;height:auto;font-size:12px"
)
"""Desktop and tablet: the legend in the right margin; below 520 px it scrolls sideways."""
NARROW = Frame(328, 250, left=70, right=14, legend_below=True)
"""Phones: as wide as the text column of a 360 px screen, where its text is drawn at 12 px."""
LEGEND_ROW = 20


def line_chart(
    lines: list[Line], y_unit: str, text: ChartText, mark: float | None, frame: Frame = WIDE
) -> str:
    """An SVG log-log chart of ``lines`` in ``frame``, with a dashed line at ``mark`` if given."""
    # A line keeps its colour and marker by its place in ``lines``, drawn or not.
    drawn = [(index, line) for index, line in enumerate(lines) if line.points]
    if not drawn:
        return ""
    xs = [x for _, line in drawn for x, _ in line.points]
    ys = [y for _, line in drawn for _, y in line.points]
    x_ticks = sorted(set(xs)) if len(set(xs)) <= 8 else decade_ticks(min(xs), max(xs))
    y_ticks = decade_ticks(min(ys), max(ys))
    left, right, top, bottom = frame.left, frame.right, frame.top, frame.bottom
    width, height = frame.width, frame.plot_height
    legend_top = height + 6
    total = legend_top + LEGEND_ROW * len(drawn) if frame.legend_below else height
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
        f'<svg class="bench-line" role="img" viewBox="0 0 {width} {total}" width="{width}" '
        # Text inherits the root's fill, the page's text colour; lines and markers set their own.
        f'height="{total}" fill="currentColor" style="{frame.style}">',
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
        label = text.crossover(mark)
        parts.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" '
            'stroke="currentColor" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
        # Left of the mark if the label fits there, else right of it, else as far right as the
        # plot allows: never outside the plot, where the axis labels or the legend are.
        size = text_width(label)
        if x - 4 - size >= left:
            start = x - 4 - size
        elif x + 4 + size <= width - right:
            start = x + 4
        else:
            start = max(left, width - right - size)
        parts.append(f'<text x="{start:.1f}" y="{top + 12}">{html.escape(label)}</text>')
    for row, (index, line) in enumerate(drawn):
        colour, shape = f"var(--bench-series-{index % 4})", MARKERS[index % 4]
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in line.points)
        parts.append(
            f'<polyline points="{points}" fill="none" style="stroke:{colour}" stroke-width="2"/>'
        )
        parts += [_marker(shape, px(x), py(y), colour) for x, y in line.points]
        # A legend rather than labels at the line ends, which collide where lines meet (at
        # large sizes every variant costs the same): in the right margin, or under a narrow plot.
        if frame.legend_below:
            legend_x, legend_y = left, legend_top + row * LEGEND_ROW
        else:
            legend_x, legend_y = width - right + 12, top + 8 + row * LEGEND_ROW
        parts += [
            f'<line x1="{legend_x}" y1="{legend_y}" x2="{legend_x + 22}" y2="{legend_y}" '
            f'style="stroke:{colour}" stroke-width="2"/>',
            _marker(shape, legend_x + 11, legend_y, colour),
            f'<text x="{legend_x + 28}" y="{legend_y + 4}">{html.escape(line.variant)}</text>',
        ]
    parts.append("</svg>")
    return "".join(parts)


def line_figure(lines: list[Line], y_unit: str, text: ChartText, mark: float | None) -> str:
    """A line chart in both frames, captioned with its title and any variant left out."""
    wide = line_chart(lines, y_unit, text, mark, WIDE)
    if not wide:
        return ""
    notes = [text.missing(line.variant, line.missing) for line in lines if line.missing]
    caption = " ".join([html.escape(text.title), *(html.escape(n) for n in notes)])
    return figure(wide, line_chart(lines, y_unit, text, mark, NARROW), caption)


@dataclass(frozen=True)
class Bar:
    """One ratio against the baseline: above 1 is faster."""

    label: str
    value: float


def bar_chart(bars: list[Bar], title: str, narrow: bool = False) -> str:
    """A log-scale bar chart of ratios around 1×: each label beside its bar, or above it."""
    bar_h, gap = 16, 6
    label_w, plot_w, spare = (0, 240, 88) if narrow else (300, 360, 70)
    label_h = 16 if narrow else 0
    extent = max(1.0, max(abs(math.log10(bar.value)) for bar in bars)) * 1.15
    mid = label_w + 20 + plot_w / 2 if narrow else label_w + plot_w / 2
    width = label_w + plot_w + spare
    height = len(bars) * (label_h + bar_h + gap) + 30
    style = NARROW.style if narrow else WIDE.style

    def x_of(value: float) -> float:
        return mid + math.log10(value) / extent * (plot_w / 2)

    parts = [
        f'<svg class="bench-chart" role="img" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" '
        # The text inherits the root's fill: the page's text colour in either scheme.
        f'fill="currentColor" style="{style}">',
        f"<title>{html.escape(title)}</title>",
    ]
    y = 8
    for bar in bars:
        left, right = sorted((mid, x_of(bar.value)))
        colour = "var(--md-accent-fg-color)" if bar.value >= 1 else "var(--md-primary-fg-color)"
        label = html.escape(bar.label)
        if narrow:
            parts.append(f'<text x="0" y="{y + 12}">{label}</text>')
            y += label_h
        else:
            parts.append(f'<text x="{label_w - 8}" y="{y + 12}" text-anchor="end">{label}</text>')
        parts += [
            f'<rect x="{left:.1f}" y="{y}" width="{max(right - left, 1):.1f}" '
            f'height="{bar_h}" style="fill:{colour}"/>',
            f'<text x="{right + 4:.1f}" y="{y + 12}">{format_ratio(bar.value)}</text>',
        ]
        y += bar_h + gap
    parts += [
        f'<line x1="{mid}" y1="2" x2="{mid}" y2="{y}" stroke="currentColor" stroke-width="1"/>',
        f'<text x="{mid}" y="{y + 14}" text-anchor="middle">1×</text>',
        "</svg>",
    ]
    return "".join(parts)


def bar_figure(bars: list[Bar], title: str) -> str:
    """A bar chart in both layouts, captioned with ``title``."""
    return figure(bar_chart(bars, title), bar_chart(bars, title, narrow=True), html.escape(title))


def text_width(text: str, size: float = 12) -> float:
    """About how wide ``text`` is drawn at ``size`` px: CJK characters are square, others about
    0.6 of the size. Enough to decide on which side of a mark a label fits."""
    wide = sum(1 for c in text if ord(c) >= 0x2E80)
    return (wide + 0.6 * (len(text) - wide)) * size


def figure(wide: str, narrow: str, caption: str) -> str:
    """A chart in its two frames, and its caption: the page's stylesheet shows the narrow one on
    phones (``overrides/main.html``). The wide one scrolls sideways below its minimum width
    rather than shrinking its text; it is focusable so that keyboards can scroll it too."""
    return (
        '<figure class="bench-figure" data-search-exclude="">\n'
        f'<div class="bench-scroll bench-wide" tabindex="0" data-search-exclude>{wide}</div>\n'
        f'<div class="bench-narrow" data-search-exclude>{narrow}</div>\n'
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
