"""Benchmark results on the pages, in the page's language; nothing here imports torch or the cases.

``<!-- bench: CASE [variants=a,b] -->`` becomes the case's table, charts and provenance;
``{{bench CASE.ROW.VARIANT.METRIC [op value]}}`` the measured figure, checked against the claim
(``<``, ``<=``, ``>``, ``>=``, or ``==`` for counts).

Examples:
    >>> CLAIM.search("ran {{bench batching.tiny_mlp.batch.speedup > 10}} faster")["op"]
    '>'
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mkdocs.exceptions import PluginError

from sitebuild.bench import charts
from sitebuild.bench.charts import format_ratio, format_time, format_value
from sitebuild.bench.suite import ResultSet, Shown
from sitebuild.languages.strings import Strings

MARKER = re.compile(
    r"^[ \t]*<!--\s*bench:\s*(?P<case>\w+)(?:\s+variants=(?P<variants>[\w,]+))?\s*-->[ \t]*$",
    re.MULTILINE,
)
CLAIM = re.compile(
    r"\{\{\s*bench\s+(?P<path>\w+\.[\w=,]+\.\w+\.\w+)"
    r"(?:\s*(?P<op>[<>]=?|==)\s*(?P<value>\d+(?:\.\d+)?))?\s*\}\}"
)
CJK_SPACE = re.compile(r"(?<=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]) (?=[\u3400-\u9fff])")
"""A space between Chinese characters (the first may be a mark such as ）), which Chinese omits."""
OPERATORS: dict[str, Callable[[float, float], bool]] = {">": operator.gt, ">=": operator.ge}
OPERATORS |= {"<": operator.lt, "<=": operator.le, "==": math.isclose}  # ==: within 1e-9


class ClaimContradicted(PluginError):
    """A claim in a page's prose disagrees with the measurement, or names nothing measured."""


class Unsupported(Exception):
    """A figure that could not be measured on this machine; the message says why."""


@dataclass(frozen=True)
class CaseData:
    """One case of one results file: its description and the rows of one device."""

    name: str
    baseline: str
    metrics: dict[str, dict[str, Any]]
    rows: list[dict[str, Any]]
    charts: list[dict[str, Any]]

    @classmethod
    def of(cls, results: dict[str, Any], name: str, device: str, variants: Any = None) -> CaseData:
        """The case ``name`` on ``device``, its rows of ``variants`` only if given."""
        case = results["cases"].get(name)
        if case is None:
            raise KeyError(not_measured(name, results))
        rows = case["devices"].get(device, [])
        rows = [r for r in rows if variants is None or r["variant"] in variants]
        metrics = {m["name"]: m for m in case["metrics"]}
        return cls(name, case["baseline"], metrics, rows, case.get("charts", []))

    def metric(self, row: str, variant: str, name: str) -> float:
        """One figure, e.g. ``metric("tiny_mlp", "batch", "speedup")``; raises Unsupported if
        this machine could not measure it (no C++ compiler), KeyError if nothing was."""
        same_row = [r for r in self.rows if r["row"] == row]
        found = next((r for r in same_row if r["variant"] == variant), {})
        missing = {r["variant"]: str(r["unsupported"]) for r in same_row if r.get("unsupported")}
        paired = missing.get(variant) or missing.get(self.baseline)
        if paired and (name == "speedup" or variant in missing):
            raise Unsupported(paired)
        value = charts.value_of(found, name)
        if value is not None:
            return float(value)
        if name in self.metrics and missing:
            # A declared figure missing beside a variant that could not run is one computed
            # against it (graph_overhead's overhead_share against cpp).
            raise Unsupported(next(iter(missing.values())))
        raise KeyError(f"no measurement {self.name}.{row}.{variant}.{name}")

    def unit(self, name: str) -> str:
        return "ratio" if name == "speedup" else self.metrics.get(name, {"unit": "s"})["unit"]


def not_measured(case: str, results: dict[str, Any]) -> str:
    """Why ``case`` has no figures: no such case, or one added since ``results`` were measured."""
    return (
        f"unknown benchmark case {case!r}: these results measured {', '.join(results['cases'])}; "
        "a case added since benchmarks/recorded.json was recorded needs `make bench-record`"
    )


Source = tuple[str, ResultSet, str]
"""One column group of a table: its label, one machine's results, and a device of them."""


def sources_of(sets: list[ResultSet], case: str) -> list[Source]:
    """Every (machine, device) that measured ``case``, labelled when there are several."""
    found = [(rs, d) for rs in sets for d in rs.results["cases"].get(case, {}).get("devices", {})]
    if not found:
        raise KeyError(not_measured(case, sets[0].results))
    machines = {rs.results["provenance"].get("machine") for rs, _ in found}
    sources = []
    for number, (rs, device) in enumerate(found, start=1):
        label = f"[{number}] {device.upper()}"
        if len(machines) > 1 or device == "cuda":
            label += " " + str(rs.results["provenance"].get("gpu" if device == "cuda" else "cpu"))
        sources.append((label if len(found) > 1 else "", rs, device))
    return sources


@dataclass(frozen=True)
class Renderer:
    """Renders benchmark blocks in the language ``locale``."""

    strings: Strings
    locale: str

    def t(self, key: str, **values: object) -> str:
        """The string ``key``; a label put between Chinese words leaves no space between them."""
        return CJK_SPACE.sub("", self.strings.get(self.locale, key, **values))

    def row_label(self, row: str) -> str:
        """A row by its name in the page's language; a row that is a setting (``n=10``) as is."""
        return row if "=" in row else self.t(f"bench.rows.{row}")

    def variant_label(self, variant: str) -> str:
        """A variant by its name in the page's language (``bench.variants``); a variant that is
        a model (``tiny_mlp``) by its row's."""
        key = f"bench.rows.{variant}"
        return self.t(key if self.strings.has(self.locale, key) else f"bench.variants.{variant}")

    def cell(self, r: dict[str, Any], data: CaseData) -> str:
        """A row's time and spread, then its speed-up and the figures it shows in cells."""
        if r.get("unsupported"):
            return self.t("bench.unsupported", error=r["unsupported"])
        details = []
        if "speedup" in r and r["variant"] != data.baseline:
            details.append(f"**{format_ratio(float(r['speedup']))}**")
        metrics = r.get("metrics", {})
        for name, value in metrics.items():
            spec = data.metrics[name]
            if spec["show"] != "cell" or name == "peak_share":  # a share goes with its rate
                continue
            text = format_value(value, spec["unit"])
            if name == "gflops" and "peak_share" in metrics:
                share = format_value(metrics["peak_share"], "share")
                text = self.t("bench.rate_of_peak", rate=text, share=share)
            elif name != "gflops":  # a rate says what it is by its unit
                text = self.t(f"bench.metrics.{name}") + self.t("punctuation.colon") + text
            details.append(text)
        times = f"{format_time(r['median_s'])} ({format_time(r['iqr_s'])})"
        return "<br>".join([times, " · ".join(details)] if details else [times])

    def notes(self, per_source: list[tuple[Source, CaseData]]) -> list[str]:
        """The notes under a table: how to read it, and the note metrics, once or per row."""
        first = per_source[0][1]
        found = [self.t("bench.median")]
        if first.baseline:
            found[0] += " · " + self.t("bench.speedup", baseline=self.variant_label(first.baseline))
        for name, spec in first.metrics.items():
            values = [
                (f"{src[0]} {self.row_label(r['row'])}".strip(), r["metrics"][name])
                for src, data in per_source
                for r in data.rows
                if name in r.get("metrics", {})
            ]
            if spec["show"] != "note" or not values:
                continue
            key, unit = f"bench.notes.{name}", spec["unit"]
            if unit == "bool":
                found.append(self.t(f"{key}_{'true' if all(v for _, v in values) else 'false'}"))
            elif len({v for _, v in values}) == 1:
                found.append(self.t(key, row="", value=format_value(values[0][1], unit)))
            else:
                found += [self.t(key, row=row, value=format_value(v, unit)) for row, v in values]
        return found

    def table(self, per_source: list[tuple[Source, CaseData]]) -> str:
        """One table: a column per variant for each source (CPU, GPU, other machines)."""
        all_rows = [r for _, data in per_source for r in data.rows]
        variants = list(dict.fromkeys(r["variant"] for r in all_rows))
        header = [self.t("bench.case")] + [
            f"{self.variant_label(v)} {src[0]}".strip() for src, _ in per_source for v in variants
        ]
        out = [f"| {' | '.join(header)} |", "|" + "---|" * len(header)]
        for row_id in dict.fromkeys(r["row"] for r in all_rows):
            cells = [self.row_label(row_id)]
            for _, data in per_source:
                by_variant = {r["variant"]: r for r in data.rows if r["row"] == row_id}
                cells += [
                    self.cell(by_variant[v], data) if v in by_variant else "" for v in variants
                ]
            out.append(f"| {' | '.join(cells)} |")
        notes = [n.rstrip(".。") for n in self.notes(per_source)]
        end = self.t("punctuation.end")
        return "\n".join(out) + "\n\n" + self.t("punctuation.separator").join(notes) + end

    def charts(self, data: CaseData) -> list[str]:
        """The bar chart of the speed-ups, then the case's registered line charts."""
        bars = []
        for r in data.rows:
            if "speedup" in r and r["variant"] != data.baseline:
                label = f"{self.row_label(r['row'])} · {self.variant_label(r['variant'])}"
                bars.append((label.replace("`", ""), float(r["speedup"])))
        found = []
        if bars:
            baseline = self.variant_label(data.baseline).strip("`")
            found.append(charts.bar_figure(bars, self.t("bench.chart", baseline=baseline)))
        return found + [self.line_chart(data, spec) for spec in data.charts]

    def line_chart(self, data: CaseData, spec: dict[str, Any]) -> str:
        """A registered chart in the page's words, captioned with any variant left out."""
        key = f"bench.charts.{spec['name']}"
        variants = spec["variants"] or dict.fromkeys(r["variant"] for r in data.rows)
        labels = {variant: self.variant_label(variant).strip("`") for variant in variants}
        lines = charts.lines_of(data.rows, spec["x"], spec["y"], labels)
        mark = None
        if spec.get("crossover"):
            variant, metric, share = spec["crossover"]
            x = charts.crossover(data.rows, spec["x"], variant, metric, share)
            texts = {"share": format_value(share, "share"), "x": charts.x_label(x or 1)}
            mark = None if x is None else (x, self.t(f"{key}.crossover", **texts))
        words = (self.t(f"{key}.title"), self.t(f"{key}.x"), self.t(f"{key}.y"))
        notes = [
            self.t("bench.line_missing", variant=line.variant, error=line.missing)
            for line in lines
            if line.missing
        ]
        return charts.line_figure(lines, data.unit(spec["y"]), words, mark, notes)

    def provenance(self, source: Source) -> str:
        label, result_set, device = source
        prov = result_set.results["provenance"]
        hardware = prov["gpu"] if device == "cuda" and prov.get("gpu") else prov["cpu"]
        found = {k: prov[k] for k in ("threads", "torch", "python")}
        when = {"date": prov["date"][:10], "cpu": hardware, "code": prov["code_version"]}
        text = self.t("bench.provenance.measured", **found, **when, device=device)
        parts = [f"{label} {text}".strip()]
        peak = prov.get("peak_gflops", {}).get(device)
        if peak is not None:
            parts.append(self.t("bench.provenance.peak", rate=format_value(peak, "gflops")))
        flags = ["quick"] if prov.get("quick") else []
        flags += [f for f in ("recorded", "stale", "foreign") if getattr(result_set, f)]
        for flag in flags:
            note = self.t(f"bench.provenance.{flag}", machine=prov.get("machine", "?"))
            parts.append(f"**{note}**" if flag in {"stale", "foreign"} else note)
        note = self.t("punctuation.separator").join(parts) + self.t("punctuation.end")
        return f'<p class="bench-provenance" data-search-exclude=""><small>{note}</small></p>'

    def case(self, name: str, sets: list[ResultSet], variants: tuple[str, ...] | None) -> str:
        """What a ``<!-- bench: NAME -->`` marker becomes, for every machine and device."""
        if not sets:
            return f'!!! warning ""\n    {self.t("bench.not_measured")}'
        sources = sources_of(sets, name)
        per_source = [(s, CaseData.of(s[1].results, name, s[2], variants)) for s in sources]
        blocks = [self.table(per_source)]
        for source, data in per_source:
            blocks += [*self.charts(data), self.provenance(source)]
        # Figures are looked up on the page, not searched for: they stay out of the search index.
        body = "\n\n".join(b for b in blocks if b)
        return f'<div class="bench-output" data-search-exclude="" markdown>\n\n{body}\n\n</div>'


def render_claims(markdown: str, shown: Shown, renderer: Renderer, page: str) -> str:
    """Replace a page's claims with their figures from this build's own results; errors name
    the page. A figure this machine could not measure is labelled as in its table."""
    own = shown.own.results if shown.own is not None else None
    stale = shown.lenient and shown.own is not None and shown.own.stale

    def replace_claim(match: re.Match[str]) -> str:
        if own is None:
            return "—"
        path, op, value = match["path"], match["op"], match["value"]
        case, row, variant, name = path.split(".")
        try:
            data = CaseData.of(own, case, "cpu")
            measured = data.metric(row, variant, name)
            if op is not None and not OPERATORS[op](measured, float(value)):
                found = f"the measurement: {measured:.3g}"
                raise ClaimContradicted(f"claim '{path} {op} {value}' is contradicted by {found}")
            text = format_value(measured, data.unit(name))
            if data.unit(name) == "ratio":  # prose says a speed-up as its language does (6.3 倍)
                return renderer.t("bench.times", value=text.removesuffix("×"))
            return text
        except Unsupported as why:
            return renderer.t("bench.unsupported", error=str(why))
        except (ClaimContradicted, KeyError) as error:
            if stale:
                return "?"
            raise ClaimContradicted(f"{page}: {error.args[0]}") from error  # no KeyError quotes

    return CLAIM.sub(replace_claim, markdown)


def render_markers(markdown: str, shown: Shown, renderer: Renderer, page: str) -> str:
    """Replace a page's markers with their tables and charts; errors name the page."""

    def replace_marker(match: re.Match[str]) -> str:
        variants = tuple(match["variants"].split(",")) if match["variants"] else None
        try:
            # Blank lines around: the block must not merge with the paragraphs next to it.
            sets = [shown.own, *shown.others] if shown.own else shown.others
            return "\n" + renderer.case(match["case"], sets, variants) + "\n"
        except KeyError as error:  # a row or variant without its label: name the case
            raise ClaimContradicted(f"{page}: benchmark {match[1]}: {error.args[0]}") from error

    return MARKER.sub(replace_marker, markdown)
