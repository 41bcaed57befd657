"""Figures as the pages write them; bar charts of speed-ups and log-log charts, as inline SVG.

By hand, so colours follow the site's schemes (``overrides/main.html``) and words the page's.
A chart is 328 units wide with 12 px text, as wide as a 360 px phone's text column; wider
screens scale it up to :data:`MAX_WIDTH`, where its text is the body text's 16 px.

Examples:
    >>> format_value(0.0000123, "s"), format_value(7168, "bytes"), format_value(1000, "count")
    ('12.3 µs', '7.0 KiB', '1,000')
    >>> [format_value(v, "share") for v in (0.42, 0.004, 0.0002)]
    ['42%', '0.4%', '<0.1%']
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

from dyndocs.graph.model import format_bytes

WIDTH, MAX_WIDTH = 328, 436
LEFT, RIGHT, TOP, BOTTOM, PLOT_HEIGHT, LEGEND_ROW = 70, 14, 14, 46, 250, 20


def format_time(seconds: float) -> str:
    """In the largest unit it reaches (ns below that), with three digits."""
    units = (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9))
    unit, scale = next((u for u in units if seconds >= u[1]), units[-1])
    value = seconds / scale
    return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"


def format_ratio(ratio: float) -> str:
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.0f}×"


def format_value(value: float, unit: str) -> str:
    """A metric's value by its registered unit; ``ratio`` is a speed-up's."""
    if unit == "share":
        # Whole percents hide a rate of 0.4% as "0%"; below 10% one decimal says how small,
        # and what even that rounds to zero is "<0.1%", not "0.0%".
        if 0 < value < 0.0005:
            return "<0.1%"
        return f"{value:.1%}" if 0 < value < 0.1 else f"{value:.0%}"
    writers = {"s": format_time, "bytes": format_bytes, "ratio": format_ratio}
    if unit in writers:
        return writers[unit](value)
    return f"{value:.3g} GFLOP/s" if unit == "gflops" else f"{value:,g}"


MARKERS = (
    "M-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0Z",
    "M-3.5-3.5h7v7h-7Z",
    "M0-4.5L4 3H-4Z",
    "M0-4.5L4.5 0L0 4.5L-4.5 0Z",
)
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
    """10⁶ for large powers of ten, the number otherwise."""
    exponent = math.log10(value)
    if value >= 10_000 and exponent == int(exponent):
        return "10" + str(int(exponent)).translate(SUPERSCRIPT)
    return f"{value:,.0f}"


def text_width(text: str, size: float = 12) -> float:
    """About how wide ``text`` is drawn: CJK characters are square, others about 0.6 em."""
    wide = sum(1 for c in text if ord(c) >= 0x2E80)
    return (wide + 0.6 * (len(text) - wide)) * size


def value_of(row: dict[str, Any], name: str) -> float | None:
    """``median_s`` or a metric of a results row."""
    found = row.get(name, row.get("metrics", {}).get(name))
    return float(found) if found is not None else None


def lines_of(rows: list[dict[str, Any]], x: str, y: str, labels: dict[str, str]) -> list[Line]:
    """A line per variant of ``labels``, named by its label, of its rows' ``x`` and ``y``."""
    lines = []
    for variant, label in labels.items():
        mine = [r for r in rows if r["variant"] == variant]
        pairs = [(value_of(r, x), value_of(r, y)) for r in mine]
        points = sorted((px, py) for px, py in pairs if px and py and px > 0 and py > 0)
        missing = next((str(r["unsupported"]) for r in mine if r.get("unsupported")), None)
        lines.append(Line(label, points, None if points else missing))
    return lines


def crossover(
    rows: list[dict[str, Any]], x: str, variant: str, metric: str, share: float
) -> float | None:
    """The first ``x`` where ``variant``'s ``metric``, the share its table shows, is below
    ``share`` (not one worked out again from the plotted medians, which may disagree)."""
    points = sorted(
        (float(r["metrics"][x]), float(r["metrics"][metric]))
        for r in rows
        if r["variant"] == variant and {x, metric} <= set(r.get("metrics", {}))
    )
    return next((px for px, value in points if value < share), None)


def figure(kind: str, height: float, title: str, parts: list[str], caption: str) -> str:
    """The chart in its figure; its text takes the root's fill, the page's text colour."""
    style = f"width:{MAX_WIDTH}px;max-width:100%;height:auto;font-size:12px"
    return (
        f'<figure class="bench-figure" data-search-exclude="">\n<svg class="{kind}" role="img" '
        f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" fill="currentColor" '
        f'style="{style}"><title>{html.escape(title)}</title>{"".join(parts)}</svg>\n'
        f"<figcaption>{caption}</figcaption>\n</figure>"
    )


def line_figure(
    lines: list[Line],
    y_unit: str,
    words: tuple[str, str, str],
    mark: tuple[float, str] | None,
    notes: list[str],
) -> str:
    """A log-log chart of ``lines``, its ``words`` the title and the x and y axes', with a
    dashed line at ``mark`` (x, label), captioned with its title and ``notes``; empty if
    nothing was measured."""
    drawn = [(index, line) for index, line in enumerate(lines) if line.points]  # colour by index
    if not drawn:
        return ""
    xs = sorted({x for _, line in drawn for x, _ in line.points})
    ys = sorted(y for _, line in drawn for _, y in line.points)
    x_ticks = xs if len(xs) <= 8 else decade_ticks(xs[0], xs[-1])
    y_ticks = decade_ticks(ys[0], ys[-1])
    right, bottom = WIDTH - RIGHT, PLOT_HEIGHT - BOTTOM

    def scale(ticks: list[float], start: float, end: float) -> Callable[[float], float]:
        low, high = math.log10(ticks[0]), math.log10(ticks[-1])
        return lambda v: start + (math.log10(v) - low) / ((high - low) or 1) * (end - start)

    px, py = scale(x_ticks, LEFT, right), scale(y_ticks, bottom, TOP)
    axis = 'stroke="currentColor" stroke-opacity="0.25" stroke-width="1"'
    parts = []
    for tick in y_ticks:
        parts += [line(LEFT, py(tick), right, py(tick), axis)]
        parts += [text(LEFT - 6, py(tick) + 4, format_value(tick, y_unit), "end")]
    for tick in x_ticks:
        parts += [line(px(tick), TOP, px(tick), bottom, axis)]
        parts += [text(px(tick), bottom + 16, x_label(tick), "middle")]
    parts += [
        text((LEFT + right) / 2, PLOT_HEIGHT - 8, words[1], "middle"),
        f'<text transform="translate(14 {(TOP + bottom) / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{html.escape(words[2])}</text>',
    ]
    if mark is not None:
        x, size = px(mark[0]), text_width(mark[1])
        # Left of the mark if the label fits there, else right of it, else as far right as the
        # plot allows: never over the axis labels.
        start = x - 4 - size if x - 4 - size >= LEFT else max(LEFT, min(x + 4, right - size))
        dashed = 'stroke="currentColor" stroke-width="1.5" stroke-dasharray="5 4"'
        parts += [line(x, TOP, x, bottom, dashed), text(start, TOP + 12, mark[1])]
    for row, (index, drawn_line) in enumerate(drawn):
        colour = f"var(--bench-series-{index % 4})"
        stroke = f'style="stroke:{colour}" stroke-width="2"'
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in drawn_line.points)
        parts.append(f'<polyline points="{points}" fill="none" {stroke}/>')
        parts += [marker(index, px(x), py(y), colour) for x, y in drawn_line.points]
        # A legend under the plot, not labels at the line ends, which collide where lines meet.
        y = PLOT_HEIGHT + 6 + row * LEGEND_ROW
        parts += [line(LEFT, y, LEFT + 22, y, stroke), marker(index, LEFT + 11, y, colour)]
        parts.append(text(LEFT + 28, y + 4, drawn_line.variant))
    height = PLOT_HEIGHT + 6 + LEGEND_ROW * len(drawn)
    caption = " ".join(html.escape(t) for t in [words[0], *notes])
    return figure("bench-line", height, words[0], parts, caption)


def bar_figure(bars: list[tuple[str, float]], title: str) -> str:
    """Log-scale bars of ratios around 1× (above 1 is faster), each label above its bar."""
    bar_h, gap, label_h, plot_w = 16, 6, 16, 240
    extent = max(1.0, max(abs(math.log10(value)) for _, value in bars)) * 1.15
    mid = 20 + plot_w / 2
    parts, y = [], 8
    for label, value in bars:
        left, right = sorted((mid, mid + math.log10(value) / extent * (plot_w / 2)))
        colour = "var(--md-accent-fg-color)" if value >= 1 else "var(--md-primary-fg-color)"
        parts += [
            text(0, y + 12, label),
            f'<rect x="{left:.1f}" y="{y + label_h}" width="{max(right - left, 1):.1f}" '
            f'height="{bar_h}" style="fill:{colour}"/>',
            text(right + 4, y + label_h + 12, format_ratio(value)),
            # The 1× line beside each bar, not across the labels above them.
            line(mid, y + label_h - 3, mid, y + label_h + bar_h + 3, 'stroke="currentColor"'),
        ]
        y += label_h + bar_h + gap
    parts += [text(mid, y + 14, "1×", "middle")]
    return figure("bench-chart", y + 22, title, parts, html.escape(title))


def text(x: float, y: float, words: str, anchor: str = "") -> str:
    where = f'x="{x:.1f}" y="{y:.1f}"' + (f' text-anchor="{anchor}"' if anchor else "")
    return f"<text {where}>{html.escape(words)}</text>"


def line(x1: float, y1: float, x2: float, y2: float, style: str) -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'


def marker(index: int, x: float, y: float, colour: str) -> str:
    """A point's marker: its shape (circle, square, triangle, diamond) tells lines apart."""
    shape = f'transform="translate({x:.1f} {y:.1f})" d="{MARKERS[index % 4]}"'
    return f'<path {shape} style="fill:{colour}"/>'
