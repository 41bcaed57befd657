"""Figures as the pages show them: times, bytes, ratios, shares and rates.

Examples:
    >>> from sitebuild.bench.formats import format_value
    >>> format_value(0.0000123, "s"), format_value(7168, "bytes"), format_value(0.25, "share")
    ('12.3 µs', '7.0 KiB', '25%')
"""

from __future__ import annotations

TIME_UNITS = (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9))


def format_time(seconds: float) -> str:
    """In the largest unit it reaches (ns below a nanosecond too), with three digits."""
    unit, scale = next((u for u in TIME_UNITS if seconds >= u[1]), TIME_UNITS[-1])
    value = seconds / scale
    return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"


def format_bytes(count: float) -> str:
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{int(count)} B"


def format_ratio(ratio: float) -> str:
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.0f}×"


def format_value(value: float, unit: str) -> str:
    """A metric's value as a page shows it, by its registered unit."""
    if unit == "s":
        return format_time(value)
    if unit == "bytes":
        return format_bytes(value)
    if unit == "share":
        # Whole percents hide a rate of 0.4% as "0%"; below 10% one decimal says how small.
        return f"{value:.1%}" if 0 < value < 0.1 else f"{value:.0%}"
    if unit == "gflops":
        return f"{value:.3g} GFLOP/s"
    if unit == "ratio":
        return format_ratio(value)
    return f"{value:g}"
