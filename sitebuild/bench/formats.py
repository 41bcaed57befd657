"""Figures as the pages write them, by unit.

Examples:
    >>> format_value(0.0000123, "s"), format_value(7168, "bytes"), format_value(0.25, "share")
    ('12.3 µs', '7.0 KiB', '25%')
"""

from __future__ import annotations

from dyndocs.graph.model import format_bytes


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
        # Whole percents hide a rate of 0.4% as "0%"; below 10% one decimal says how small.
        return f"{value:.1%}" if 0 < value < 0.1 else f"{value:.0%}"
    writers = {"s": format_time, "bytes": format_bytes, "ratio": format_ratio}
    if unit in writers:
        return writers[unit](value)
    return f"{value:.3g} GFLOP/s" if unit == "gflops" else f"{value:g}"
