"""Benchmark markers and checked claims in a page's Markdown.

Pages use two forms, identical in every language:

- ``<!-- bench: CASE -->`` on its own line becomes the case's table, chart and provenance;
  ``<!-- bench: CASE variants=a,b -->`` shows only those variants;
- ``{{bench CASE.ROW.VARIANT.METRIC}}`` in prose becomes the measured figure, and
  ``{{bench CASE.ROW.VARIANT.METRIC > 1}}`` also fails the build when the measurement
  contradicts the claim (``<``, ``<=``, ``>``, ``>=``, or ``==`` for counts).

Examples:
    >>> from sitebuild.bench.claims import CLAIM
    >>> CLAIM.search("ran {{bench batching.tiny_mlp.batch.speedup > 10}} faster")["op"]
    '>'
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable
from typing import Any

from sitebuild.bench.formats import format_value
from sitebuild.bench.render import CaseData, Renderer, Unsupported
from sitebuild.bench.results import Shown

MARKER = re.compile(
    r"^[ \t]*<!--\s*bench:\s*(?P<case>\w+)(?:\s+variants=(?P<variants>[\w,]+))?\s*-->[ \t]*$",
    re.MULTILINE,
)
CLAIM = re.compile(
    r"\{\{\s*bench\s+(?P<path>\w+\.[\w=,]+\.\w+\.\w+)"
    r"(?:\s*(?P<op>[<>]=?|==)\s*(?P<value>\d+(?:\.\d+)?))?\s*\}\}"
)
OPERATORS: dict[str, Callable[[float, float], bool]] = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": lambda measured, value: math.isclose(measured, value, rel_tol=1e-9),
}


class ClaimContradicted(Exception):
    """A claim in a page's prose disagrees with the measurement, or names nothing measured."""


def check_claim(path: str, op: str | None, value: str | None, own: dict[str, Any]) -> str:
    """Return the measured figure for ``path`` as text; raise if it contradicts ``op value``."""
    case, row, variant, name = path.split(".")
    data = CaseData.of(own, case, "cpu")
    measured = data.metric(row, variant, name)
    if op is not None and value is not None and not OPERATORS[op](measured, float(value)):
        raise ClaimContradicted(
            f"claim '{path} {op} {value}' is contradicted by the measurement: {measured:.3g}"
        )
    return format_value(measured, data.unit(name))


def render_claims(markdown: str, shown: Shown, renderer: Renderer, page: str) -> str:
    """Replace the claims of one page with the figures they name; errors name the page.

    Claims are checked against this build's own results. Stale results, which only
    ``mkdocs serve`` shows, are labelled on the page and not checked. A figure this machine could
    not measure (the C++ reference without a compiler) is labelled, in the page's language,
    as the table labels it.
    """
    own_results = shown.own.results if shown.own is not None else None
    stale = shown.lenient and shown.own is not None and shown.own.stale

    def replace_claim(match: re.Match[str]) -> str:
        if own_results is None:
            return "—"
        try:
            return check_claim(match["path"], match["op"], match["value"], own_results)
        except Unsupported as why:
            return renderer.t("bench.unsupported", error=str(why))
        except (ClaimContradicted, KeyError) as error:
            if stale:
                return "?"
            raise ClaimContradicted(f"{page}: {error}") from error

    return CLAIM.sub(replace_claim, markdown)


def render_markers(markdown: str, shown: Shown, renderer: Renderer, page: str) -> str:
    """Replace the benchmark markers of one page with their tables and charts."""

    def replace_marker(match: re.Match[str]) -> str:
        variants = tuple(match["variants"].split(",")) if match["variants"] else None
        try:
            # Blank lines around: the block must not merge with the paragraphs next to it.
            return "\n" + renderer.case(match["case"], shown.all, variants) + "\n"
        except KeyError as error:
            raise ClaimContradicted(f"{page}: {error.args[0]}") from error

    return MARKER.sub(replace_marker, markdown)


def render_page(markdown: str, shown: Shown, renderer: Renderer, page: str) -> str:
    """Replace the markers and claims of one page; errors name the page."""
    return render_claims(render_markers(markdown, shown, renderer, page), shown, renderer, page)
