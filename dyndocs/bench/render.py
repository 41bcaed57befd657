"""Benchmark results on the pages: tables, SVG charts, provenance and checked claims.

Pages use two forms, identical in every language:

- ``<!-- bench: CASE -->`` on its own line becomes the case's table, chart and provenance;
- ``{{bench CASE.ROW.VARIANT.METRIC}}`` in prose becomes the measured figure, and
  ``{{bench CASE.ROW.VARIANT.METRIC > 1}}`` also fails the build when the measurement
  contradicts the claim.

Examples:
    >>> from dyndocs.bench.render import format_time, format_bytes
    >>> format_time(0.0000123), format_time(0.25), format_bytes(7168)
    ('12.3 µs', '250 ms', '7.0 KiB')
"""

from __future__ import annotations

import html
import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dyndocs.bench.cases import BASELINES, CASES
from dyndocs.bench.results import ResultSet

MARKER = re.compile(r"^[ \t]*<!--\s*bench:\s*(?P<case>[\w]+)\s*-->[ \t]*$", re.MULTILINE)
CLAIM = re.compile(
    r"\{\{\s*bench\s+(?P<path>[\w]+\.[\w=,]+\.[\w]+\.[\w]+)"
    r"(?:\s*(?P<op>[<>]=?)\s*(?P<value>\d+(?:\.\d+)?))?\s*\}\}"
)
OPERATORS: dict[str, Callable[[float, float], bool]] = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "case": "Case",
        "median": "median (IQR)",
        "vs": "speed-up vs {baseline}",
        "measured": "Measured {date} on {cpu}, {threads} thread, torch {torch}, Python {python}, "
        "device {device}, benchmark code {code}",
        "quick": "quick run: short timing windows, figures are rough",
        "stale": "STALE: measured with other benchmark code or another torch version "
        "than this build",
        "foreign": "from another machine ({machine})",
        "not_measured": "Not measured in this build (benchmarks were turned off).",
        "unsupported": "not supported ({error})",
        "saved": "saved for backward",
        "compile": "first call",
        "graphs": "graphs",
        "breaks": "graph breaks",
        "flip": "new graphs when the branch flips",
        "agree": "All variants give the same results.",
        "disagree": "Variants DISAGREE with the baseline.",
        "padding": "padding: {share} of the padded batch",
        "overhead": "recording adds {delta}",
        "chart": "Speed-up against {baseline} (log scale; right of the line is faster)",
        "sep": "; ",
        "end": ".",
    },
    "zh-hans": {
        "case": "情形",
        "median": "中位数（IQR）",
        "vs": "相对 {baseline} 的加速比",
        "measured": "测量于 {date}，{cpu}，{threads} 个线程，torch {torch}，Python {python}，"
        "设备 {device}，基准测试代码 {code}",
        "quick": "快速模式：计时窗口很短，数字仅供粗略参考",
        "stale": "已过期：测量所用的基准测试代码或 torch 版本与本次构建不同",
        "foreign": "来自另一台机器（{machine}）",
        "not_measured": "本次构建未测量（基准测试已关闭）。",
        "unsupported": "不支持（{error}）",
        "saved": "为反向传播保存",
        "compile": "首次调用",
        "graphs": "图",
        "breaks": "图中断",
        "flip": "分支切换时新编译的图",
        "agree": "所有方案的结果一致。",
        "disagree": "各方案的结果与基准不一致！",
        "padding": "填充占填充后批次的 {share}",
        "overhead": "记录计算图多花 {delta}",
        "chart": "相对 {baseline} 的加速比（对数刻度；竖线右侧更快）",
        "sep": "；",
        "end": "。",
    },
    "zh-hant": {
        "case": "情境",
        "median": "中位數（IQR）",
        "vs": "相對 {baseline} 的加速比",
        "measured": "測量於 {date}，{cpu}，{threads} 個執行緒，torch {torch}，Python {python}，"
        "裝置 {device}，基準測試程式碼 {code}",
        "quick": "快速模式：計時區間很短，數字僅供粗略參考",
        "stale": "已過期：測量所用的基準測試程式碼或 torch 版本與本次建置不同",
        "foreign": "來自另一台機器（{machine}）",
        "not_measured": "本次建置未測量（基準測試已關閉）。",
        "unsupported": "不支援（{error}）",
        "saved": "為反向傳播保存",
        "compile": "首次呼叫",
        "graphs": "圖",
        "breaks": "圖中斷",
        "flip": "分支切換時新編譯的圖",
        "agree": "所有方案的結果一致。",
        "disagree": "各方案的結果與基準不一致！",
        "padding": "填補佔填補後批次的 {share}",
        "overhead": "記錄計算圖多花 {delta}",
        "chart": "相對 {baseline} 的加速比（對數刻度；直線右側較快）",
        "sep": "；",
        "end": "。",
    },
}

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "tiny_mlp": "tiny MLP (16→32→32→4)",
        "wide_mlp": "wide MLP (1024→1024→1024→4)",
        "rnn_cell_stack": "RNNCell stack (2×64, 20 steps)",
        "rnn_2x64": "2-layer RNN (64 hidden units, 20 steps, batch of 8)",
        "my_module": "MyModule (one linear layer, 10→20)",
        "mean_branch": "MeanBranchNet, branch on the input's mean",
        "mlp_step": "training step, MLP 3×512",
        "inference": "inference",
        "training": "training (forward + backward)",
    },
    "zh-hans": {
        "tiny_mlp": "微型 MLP（16→32→32→4）",
        "wide_mlp": "宽 MLP（1024→1024→1024→4）",
        "rnn_cell_stack": "RNNCell 堆叠（2×64，20 步）",
        "rnn_2x64": "两层 RNN（64 个隐藏单元，20 步，批次 8）",
        "my_module": "MyModule（一个线性层，10→20）",
        "mean_branch": "MeanBranchNet，按输入均值选分支",
        "mlp_step": "训练一步，MLP 3×512",
        "inference": "推理",
        "training": "训练（前向 + 反向）",
    },
    "zh-hant": {
        "tiny_mlp": "微型 MLP（16→32→32→4）",
        "wide_mlp": "寬 MLP（1024→1024→1024→4）",
        "rnn_cell_stack": "RNNCell 堆疊（2×64，20 步）",
        "rnn_2x64": "兩層 RNN（64 個隱藏單元，20 步，批次 8）",
        "my_module": "MyModule（一個線性層，10→20）",
        "mean_branch": "MeanBranchNet，依輸入平均值選分支",
        "mlp_step": "訓練一步，MLP 3×512",
        "inference": "推論",
        "training": "訓練（前向 + 反向）",
    },
}


VIEWS: dict[str, tuple[str, tuple[str, ...]]] = {
    "script_vs_eager": ("compile", ("eager", "trace", "script")),
}
"""Markers that show part of a case: name -> (case, variants shown)."""


class ClaimContradicted(Exception):
    """A claim in a page's prose disagrees with the measurement."""


def format_time(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            value = seconds / scale
            return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"
    raise AssertionError("unreachable")


def format_bytes(count: float) -> str:
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{int(count)} B"


def format_ratio(ratio: float) -> str:
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.0f}×"


def _rows(
    results: dict[str, Any], case: str, device: str, variants: tuple[str, ...] | None = None
) -> list[dict[str, Any]]:
    rows = results["cases"].get(case, {}).get(device, [])
    return [r for r in rows if variants is None or r["variant"] in variants]


def speedups(rows: list[dict[str, Any]], case: str) -> dict[tuple[str, str], float]:
    """Baseline time over variant time, per (row, variant): above 1 means faster."""
    baseline = {r["row"]: r["median_s"] for r in rows if r["variant"] == BASELINES[case]}
    return {
        (r["row"], r["variant"]): baseline[r["row"]] / r["median_s"]
        for r in rows
        if "median_s" in r and r["row"] in baseline
    }


def metric(
    results: dict[str, Any], case: str, row: str, variant: str, name: str, device: str = "cpu"
) -> float:
    """One figure, e.g. ``metric(r, "batching", "tiny_mlp", "batch", "speedup")``."""
    rows = _rows(results, case, device)
    if name == "speedup":
        ratios = speedups(rows, case)
        if (row, variant) not in ratios:
            raise KeyError(f"no measurement {case}.{row}.{variant} on {device}")
        return ratios[(row, variant)]
    for r in rows:
        if r["row"] == row and r["variant"] == variant and name in r:
            return float(r[name])
    raise KeyError(f"no metric {name!r} for {case}.{row}.{variant} on {device}")


def _cell(r: dict[str, Any], ratio: float | None, case: str, t: dict[str, str]) -> str:
    if "unsupported" in r:
        return t["unsupported"].format(error=r["unsupported"])
    lines = [f"{format_time(r['median_s'])} ({format_time(r['iqr_s'])})"]
    details = []
    if ratio is not None and r["variant"] != BASELINES[case]:
        details.append(f"**{format_ratio(ratio)}**")
    if "saved_bytes" in r:
        details.append(f"{t['saved']} {format_bytes(r['saved_bytes'])}")
    if case == "compile" and r["variant"] != "eager":
        details.append(f"{t['compile']} {format_time(r['setup_s'])}")
    if "graphs" in r:
        details.append(f"{t['graphs']}: {r['graphs']}, {t['breaks']}: {r['graph_breaks']}")
    if "flip_graphs" in r:
        details.append(f"{t['flip']}: {r['flip_graphs']}")
    if details:
        lines.append(" · ".join(details))
    return "<br>".join(lines)


@dataclass(frozen=True)
class Source:
    """One column group of a table: a device of one machine's results."""

    label: str
    result_set: ResultSet
    device: str

    @property
    def results(self) -> dict[str, Any]:
        return self.result_set.results


def sources_of(sets: list[ResultSet], case: str) -> list[Source]:
    """Every (machine, device) that measured ``case``, labelled when there are several."""
    found = [(rs, device) for rs in sets for device in rs.results["cases"].get(case, {})]
    machines = {rs.provenance.get("machine") for rs, _ in found}
    sources = []
    for number, (rs, device) in enumerate(found, start=1):
        hardware = rs.provenance.get("gpu") if device == "cuda" else rs.provenance.get("cpu")
        label = f"[{number}] {device.upper()}"
        if len(machines) > 1 or device == "cuda":
            label += f" {hardware}"
        sources.append(Source(label if len(found) > 1 else "", rs, device))
    return sources


def table(
    results: dict[str, Any],
    case: str,
    device: str,
    locale: str,
    variants_shown: tuple[str, ...] | None = None,
) -> str:
    """The Markdown table of one case on one device, in ``locale``."""
    from dyndocs.bench.results import classify

    return merged_table([Source("", classify(results), device)], case, locale, variants_shown)


def merged_table(
    sources: list[Source],
    case: str,
    locale: str,
    variants_shown: tuple[str, ...] | None = None,
) -> str:
    """One table for ``case``: a column per variant for each source (CPU, GPU, other machines)."""
    t, labels = TEXT[locale], LABELS[locale]
    per_source = [_rows(src.results, case, src.device, variants_shown) for src in sources]
    all_rows = [r for rows in per_source for r in rows]
    variants = list(dict.fromkeys(r["variant"] for r in all_rows))
    row_ids = list(dict.fromkeys(r["row"] for r in all_rows))
    header = [t["case"]]
    for src in sources:
        header += [f"`{v}` {src.label}".strip() for v in variants]
    out = [f"| {' | '.join(header)} |", "|" + "---|" * len(header)]
    for row_id in row_ids:
        cells = [labels.get(row_id, row_id)]
        for rows in per_source:
            ratios = speedups(rows, case)
            for variant in variants:
                match = [r for r in rows if r["row"] == row_id and r["variant"] == variant]
                ratio = ratios.get((row_id, variant))
                cells.append(_cell(match[0], ratio, case, t) if match else "")
        out.append(f"| {' | '.join(cells)} |")
    notes = [t["median"] + " · " + t["vs"].format(baseline=f"`{BASELINES[case]}`")]
    for src, rows in zip(sources, per_source, strict=True):
        for r in rows:
            if "overhead_s" in r:
                delta = format_time(r["overhead_s"])
                notes.append(f"{src.label} {r['row']}: {t['overhead'].format(delta=delta)}".strip())
    if any("agree" in r for r in all_rows):
        notes.append(t["agree"] if all(r.get("agree", True) for r in all_rows) else t["disagree"])
    if any("padding_share" in r for r in all_rows):
        share = next(r["padding_share"] for r in all_rows if "padding_share" in r)
        notes.append(t["padding"].format(share=f"{share:.0%}"))
    summary = t["sep"].join(n.rstrip(".。") for n in notes) + t["end"]
    return "\n".join(out) + "\n\n" + summary


def chart(
    results: dict[str, Any],
    case: str,
    device: str,
    locale: str,
    variants_shown: tuple[str, ...] | None = None,
) -> str:
    """An inline SVG bar chart of the speed-ups; it takes the theme's colours, light or dark."""
    t, labels = TEXT[locale], LABELS[locale]
    rows = _rows(results, case, device, variants_shown)
    ratios = {k: v for k, v in speedups(rows, case).items() if k[1] != BASELINES[case]}
    if not ratios:
        return ""
    bar_h, gap, label_w, plot_w = 16, 6, 300, 360
    extent = max(1.0, max(abs(math.log10(v)) for v in ratios.values())) * 1.15
    mid = label_w + plot_w / 2
    height = len(ratios) * (bar_h + gap) + 30

    def x_of(value: float) -> float:
        return mid + math.log10(value) / extent * (plot_w / 2)

    parts = [
        # A fixed width scaled down by max-width: Material's figures shrink to their content.
        f'<svg class="bench-chart" role="img" viewBox="0 0 {label_w + plot_w + 70} {height}" '
        f'width="{label_w + plot_w + 70}" height="{height}" '
        f'style="max-width:100%;height:auto;font-size:12px">',
        f"<title>{html.escape(t['chart'].format(baseline=BASELINES[case]))}</title>",
    ]
    y = 8
    for (row_id, variant), value in ratios.items():
        left, right = sorted((mid, x_of(value)))
        colour = "var(--md-accent-fg-color)" if value >= 1 else "var(--md-primary-fg-color)"
        label = html.escape(f"{labels.get(row_id, row_id)} · {variant}")
        text = 'fill="currentColor"'
        parts += [
            f'<text x="{label_w - 8}" y="{y + 12}" text-anchor="end" {text}>{label}</text>',
            f'<rect x="{left:.1f}" y="{y}" width="{max(right - left, 1):.1f}" height="{bar_h}" '
            f'style="fill:{colour}"/>',
            f'<text x="{right + 4:.1f}" y="{y + 12}" {text}>{format_ratio(value)}</text>',
        ]
        y += bar_h + gap
    parts += [
        f'<line x1="{mid}" y1="2" x2="{mid}" y2="{y}" stroke="currentColor" stroke-width="1"/>',
        f'<text x="{mid}" y="{y + 14}" text-anchor="middle" fill="currentColor">1×</text>',
        "</svg>",
    ]
    caption = html.escape(t["chart"].format(baseline=BASELINES[case]))
    svg = "".join(parts)
    return f'<figure class="bench-figure">\n{svg}\n<figcaption>{caption}</figcaption>\n</figure>'


def provenance(result_set: ResultSet, device: str, locale: str, label: str = "") -> str:
    t = TEXT[locale]
    prov = result_set.provenance
    hardware = prov["gpu"] if device == "cuda" and prov.get("gpu") else prov["cpu"]
    text = t["measured"].format(
        date=prov["date"][:10],
        cpu=hardware,
        threads=prov["threads"],
        torch=prov["torch"],
        python=prov["python"],
        device=device,
        code=prov["code_version"],
    )
    flags = []
    if prov.get("quick"):
        flags.append(t["quick"])
    if result_set.stale:
        flags.append(f"**{t['stale']}**")
    if result_set.foreign:
        flags.append(f"**{t['foreign'].format(machine=prov.get('machine', '?'))}**")
    note = t["sep"].join([f"{label} {text}".strip(), *flags])
    return f'<p class="bench-provenance"><small>{note}{t["end"]}</small></p>'


def render_case(name: str, sets: list[ResultSet], locale: str) -> str:
    """Everything a ``<!-- bench: NAME -->`` marker becomes, for every machine and device."""
    case, shown = VIEWS.get(name, (name, None))
    if case not in CASES:
        known = ", ".join([*CASES, *VIEWS])
        raise KeyError(f"unknown benchmark case {name!r}; known: {known}")
    if not sets:
        return f'!!! warning ""\n    {TEXT[locale]["not_measured"]}'
    sources = sources_of(sets, case)
    blocks = [merged_table(sources, case, locale, shown)]
    for src in sources:
        blocks.append(chart(src.results, case, src.device, locale, shown))
        blocks.append(provenance(src.result_set, src.device, locale, src.label))
    return "\n\n".join(b for b in blocks if b)


def check_claim(path: str, op: str | None, value: str | None, own: dict[str, Any]) -> str:
    """Return the measured figure for ``path``; raise if it contradicts ``op value``."""
    case, row, variant, name = path.split(".")
    measured = metric(own, case, row, variant, name)
    if op is not None and value is not None and not OPERATORS[op](measured, float(value)):
        raise ClaimContradicted(
            f"claim '{path} {op} {value}' is contradicted by the measurement: {measured:.3g}"
        )
    if name == "speedup":
        return format_ratio(measured)
    if name.endswith("_s"):
        return format_time(measured)
    if name.endswith("bytes"):
        return format_bytes(measured)
    return f"{measured:g}"


def render_page(markdown: str, sets: list[ResultSet], locale: str, page: str) -> str:
    """Replace markers and claims of one page; errors name the page.

    Claims are checked against this build's own results. Stale results (only ever
    shown by ``mkdocs serve``) are labelled on the page and not checked.
    """
    own = sets[0].results if sets else None
    stale = bool(sets) and sets[0].stale

    def replace_claim(match: re.Match[str]) -> str:
        if own is None:
            return "—"
        try:
            return check_claim(match["path"], match["op"], match["value"], own)
        except (ClaimContradicted, KeyError) as error:
            if stale:
                return "?"
            raise ClaimContradicted(f"{page}: {error}") from error

    try:
        # Blank lines around: the block must not merge with the paragraphs next to it.
        markdown = MARKER.sub(
            lambda m: "\n" + render_case(m["case"], sets, locale) + "\n", markdown
        )
    except KeyError as error:
        raise ClaimContradicted(f"{page}: {error}") from error
    return CLAIM.sub(replace_claim, markdown)
