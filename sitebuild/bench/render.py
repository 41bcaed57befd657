"""Benchmark results on the pages: tables, SVG charts and provenance, in the page's language.

Everything comes from the results files, which carry each case's baseline and metrics, and from
the language's interface strings; nothing here imports torch or the cases.

Examples:
    >>> from sitebuild.bench.render import CaseData
    >>> results = {"cases": {"c": {"baseline": "a", "metrics": [], "devices": {"cpu": [
    ...     {"row": "r", "variant": "a", "median_s": 2.0, "speedup": 1.0},
    ...     {"row": "r", "variant": "b", "median_s": 1.1, "speedup": 2.0}]}}}}
    >>> CaseData.of(results, "c", "cpu").speedups()
    {('r', 'a'): 1.0, ('r', 'b'): 2.0}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sitebuild.bench import charts
from sitebuild.bench.formats import format_ratio, format_time, format_value
from sitebuild.bench.results import ResultSet
from sitebuild.languages.strings import Strings


class Unsupported(Exception):
    """A figure that could not be measured on this machine; the message says why."""


def why_unsupported(rows: list[dict[str, Any]]) -> str | None:
    """Why the first of ``rows`` that could not be measured was not, if one was not."""
    return next((str(r["unsupported"]) for r in rows if r.get("unsupported")), None)


@dataclass(frozen=True)
class CaseData:
    """One case of one results file: its description and the rows of one device."""

    name: str
    baseline: str
    metrics: dict[str, dict[str, Any]]
    rows: list[dict[str, Any]]
    charts: tuple[dict[str, Any], ...] = ()

    @classmethod
    def of(cls, results: dict[str, Any], name: str, device: str) -> CaseData:
        case = results["cases"].get(name)
        if case is None:
            known = ", ".join(results["cases"])
            raise KeyError(f"unknown benchmark case {name!r}; known: {known}")
        metrics = {m["name"]: m for m in case["metrics"]}
        charts = tuple(case.get("charts", []))
        return cls(name, case["baseline"], metrics, case["devices"].get(device, []), charts)

    def shown(self, variants: tuple[str, ...] | None) -> CaseData:
        return replace(
            self, rows=[r for r in self.rows if variants is None or r["variant"] in variants]
        )

    def speedups(self) -> dict[tuple[str, str], float]:
        """Each timed (row, variant)'s speed over the baseline: above 1 means faster.

        It is the ratio measured in pairs of blocks (:func:`sitebuild.bench.timing.paired_ratio`),
        which the machine's swings cancel out of, not the ratio of the two medians.
        """
        return {(r["row"], r["variant"]): float(r["speedup"]) for r in self.rows if "speedup" in r}

    def metric(self, row: str, variant: str, name: str) -> float:
        """One figure, e.g. ``metric("tiny_mlp", "batch", "speedup")``.

        Raises:
            Unsupported: The figure could not be measured here (no C++ compiler, say).
            KeyError: Nothing of that name was measured.
        """
        same_row = [r for r in self.rows if r["row"] == row]
        found = next((r for r in same_row if r["variant"] == variant), {})
        paired = why_unsupported([r for r in same_row if r["variant"] in (variant, self.baseline)])
        if paired is not None and (name == "speedup" or found.get("unsupported")):
            raise Unsupported(paired)
        if name == "speedup":
            if "speedup" not in found:
                raise KeyError(f"no measurement {self.name}.{row}.{variant}")
            return float(found["speedup"])
        value = found.get(name, found.get("metrics", {}).get(name))
        if value is not None:
            return float(value)
        missing = why_unsupported(same_row)
        if name in self.metrics and missing is not None:
            # A declared figure absent from a row where a variant could not run is one computed
            # against that variant (graph_overhead's overhead_share against cpp).
            raise Unsupported(missing)
        raise KeyError(f"no metric {name!r} for {self.name}.{row}.{variant}")

    def unit(self, name: str) -> str:
        if name == "speedup":
            return "ratio"
        if name in self.metrics:
            return str(self.metrics[name]["unit"])
        return "s"  # median_s, iqr_s


@dataclass(frozen=True)
class Source:
    """One column group of a table: a device of one machine's results."""

    label: str
    result_set: ResultSet
    device: str


def sources_of(sets: list[ResultSet], case: str) -> list[Source]:
    """Every (machine, device) that measured ``case``, labelled when there are several."""
    found = [
        (rs, device)
        for rs in sets
        for device in rs.results["cases"].get(case, {}).get("devices", {})
    ]
    machines = {rs.provenance.get("machine") for rs, _ in found}
    sources = []
    for number, (rs, device) in enumerate(found, start=1):
        hardware = rs.provenance.get("gpu") if device == "cuda" else rs.provenance.get("cpu")
        label = f"[{number}] {device.upper()}"
        if len(machines) > 1 or device == "cuda":
            label += f" {hardware}"
        sources.append(Source(label if len(found) > 1 else "", rs, device))
    return sources


class Renderer:
    """Renders benchmark blocks in one language.

    Args:
        strings: The interface strings of every language.
        locale: The language of the page being built.
    """

    def __init__(self, strings: Strings, locale: str) -> None:
        self.strings = strings
        self.locale = locale

    def t(self, key: str, **values: object) -> str:
        return self.strings.get(self.locale, key, **values)

    def row_label(self, row: str) -> str:
        key = f"bench.rows.{row}"
        return self.t(key) if self.strings.has(self.locale, key) else row

    def cell(self, r: dict[str, Any], data: CaseData) -> str:
        """One row's cell: its time and spread, its speed-up and its figures shown in cells."""
        if r.get("unsupported"):
            return self.t("bench.unsupported", error=r["unsupported"])
        lines = [f"{format_time(r['median_s'])} ({format_time(r['iqr_s'])})"]
        details = []
        if "speedup" in r and r["variant"] != data.baseline:
            details.append(f"**{format_ratio(float(r['speedup']))}**")
        colon = self.t("punctuation.colon")
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
                text = f"{self.t(f'bench.metrics.{name}')}{colon}{text}"
            details.append(text)
        if details:
            lines.append(" · ".join(details))
        return "<br>".join(lines)

    def notes(self, per_source: list[tuple[Source, CaseData]]) -> list[str]:
        """The notes under a table: what the note metrics say, once or per row."""
        first = per_source[0][1]
        median = self.t("bench.median")
        if first.baseline:
            median += " · " + self.t("bench.speedup", baseline=f"`{first.baseline}`")
        found = [median]
        for name, spec in first.metrics.items():
            if spec["show"] != "note":
                continue
            values = [
                (f"{src.label} {self.row_label(r['row'])}".strip(), r["metrics"][name])
                for src, data in per_source
                for r in data.rows
                if name in r.get("metrics", {})
            ]
            if not values:
                continue
            key, unit = f"bench.notes.{name}", spec["unit"]
            if unit == "bool":
                verdict = "true" if all(v for _, v in values) else "false"
                found.append(self.t(f"{key}_{verdict}"))
            elif len({v for _, v in values}) == 1:
                found.append(self.t(key, row="", value=format_value(values[0][1], unit)))
            else:
                found += [self.t(key, row=row, value=format_value(v, unit)) for row, v in values]
        return found

    def table(self, sources: list[Source], case: str, variants: tuple[str, ...] | None) -> str:
        """One table for ``case``: a column per variant for each source (CPU, GPU, machines)."""
        per_source = [
            (src, CaseData.of(src.result_set.results, case, src.device).shown(variants))
            for src in sources
        ]
        all_rows = [r for _, data in per_source for r in data.rows]
        variant_names = list(dict.fromkeys(r["variant"] for r in all_rows))
        row_ids = list(dict.fromkeys(r["row"] for r in all_rows))
        header = [self.t("bench.case")]
        for src in sources:
            header += [f"`{v}` {src.label}".strip() for v in variant_names]
        out = [f"| {' | '.join(header)} |", "|" + "---|" * len(header)]
        for row_id in row_ids:
            cells = [self.row_label(row_id)]
            for _, data in per_source:
                for variant in variant_names:
                    key = (row_id, variant)
                    found = next((r for r in data.rows if (r["row"], r["variant"]) == key), None)
                    cells.append(self.cell(found, data) if found is not None else "")
            out.append(f"| {' | '.join(cells)} |")
        separator, end = self.t("punctuation.separator"), self.t("punctuation.end")
        summary = separator.join(n.rstrip(".。") for n in self.notes(per_source)) + end
        return "\n".join(out) + "\n\n" + summary

    def chart(self, data: CaseData) -> str:
        """An inline SVG bar chart of the speed-ups, in the theme's colours, light or dark."""
        bars = [
            charts.Bar(f"{self.row_label(row_id)} · {variant}", value)
            for (row_id, variant), value in data.speedups().items()
            if variant != data.baseline
        ]
        if not bars:
            return ""
        return charts.bar_figure(bars, self.t("bench.chart", baseline=data.baseline))

    def line_chart(self, data: CaseData, spec: dict[str, Any]) -> str:
        """A registered log-log chart of ``data``, its words in the page's language."""
        key = f"bench.charts.{spec['name']}"
        variants = list(spec["variants"]) or list(dict.fromkeys(r["variant"] for r in data.rows))
        lines = charts.lines_of(data.rows, spec["x"], spec["y"], variants, spec["rows"])
        mark, share_text = None, ""
        if spec.get("crossover"):
            variant, metric, share = spec["crossover"]
            mark = charts.crossover(data.rows, spec["x"], variant, metric, share, spec["rows"])
            share_text = format_value(share, "share")
        text = charts.ChartText(
            title=self.t(f"{key}.title"),
            x_axis=self.t(f"{key}.x"),
            y_axis=self.t(f"{key}.y"),
            crossover=lambda x: self.t(f"{key}.crossover", share=share_text, x=charts.x_label(x)),
            missing=lambda variant, why: self.t("bench.line_missing", variant=variant, error=why),
        )
        return charts.line_figure(lines, data.unit(spec["y"]), text, mark)

    def provenance(self, source: Source) -> str:
        result_set, device = source.result_set, source.device
        prov = result_set.provenance
        hardware = prov["gpu"] if device == "cuda" and prov.get("gpu") else prov["cpu"]
        text = self.t(
            "bench.provenance.measured",
            date=prov["date"][:10],
            cpu=hardware,
            threads=prov["threads"],
            torch=prov["torch"],
            python=prov["python"],
            device=device,
            code=prov["code_version"],
        )
        peak = prov.get("peak_gflops", {}).get(device)
        if peak is not None:
            text += self.t("punctuation.separator") + self.t(
                "bench.provenance.peak", rate=format_value(peak, "gflops")
            )
        flags = []
        for flag in result_set.label_flags():
            note = self.t(f"bench.provenance.{flag}", machine=prov.get("machine", "?"))
            flags.append(f"**{note}**" if flag in {"stale", "foreign"} else note)
        separator, end = self.t("punctuation.separator"), self.t("punctuation.end")
        note = separator.join([f"{source.label} {text}".strip(), *flags])
        return f'<p class="bench-provenance" data-search-exclude=""><small>{note}{end}</small></p>'

    def case(self, name: str, sets: list[ResultSet], variants: tuple[str, ...] | None) -> str:
        """Everything a ``<!-- bench: NAME -->`` marker becomes, for every machine and device."""
        if not sets:
            return f'!!! warning ""\n    {self.t("bench.not_measured")}'
        sources = sources_of(sets, name)
        if not sources:
            known = ", ".join(sets[0].results["cases"])
            raise KeyError(f"unknown benchmark case {name!r}; known: {known}")
        blocks = [self.table(sources, name, variants)]
        for src in sources:
            data = CaseData.of(src.result_set.results, name, src.device).shown(variants)
            blocks.append(self.chart(data))
            blocks += [self.line_chart(data, spec) for spec in data.charts]
            blocks.append(self.provenance(src))
        # Figures are looked up on the page, not searched for: they stay out of the search index.
        body = "\n\n".join(b for b in blocks if b)
        return f'<div class="bench-output" data-search-exclude="" markdown>\n\n{body}\n\n</div>'
