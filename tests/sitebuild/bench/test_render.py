"""sitebuild.bench.render and claims, against the results recorded with the repository."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from sitebuild.bench.charts import format_value
from sitebuild.bench.registry import cases
from sitebuild.bench.render import (
    CaseData,
    ClaimContradicted,
    Renderer,
    render_claims,
    render_markers,
)
from sitebuild.bench.suite import Shown, Suite, classify
from sitebuild.languages.strings import Strings
from sitebuild.project import Project

from ...support import locales


def render_page(markdown: str, shown: Shown, renderer: Renderer, page: str) -> str:
    """A page's tables and charts, then its claims, rendered."""
    return render_claims(render_markers(markdown, shown, renderer, page), shown, renderer, page)


def shown(results: dict[str, Any]) -> Shown:
    return Shown(classify(results, results["provenance"]["code_version"], recorded=True), [])


def test_recorded_results_come_from_the_current_benchmark_code(
    project: Project, recorded: dict[str, Any]
) -> None:
    current = Suite(project.root, project.root / ".cache" / "bench").code_version()
    unrecorded = sorted(set(cases()) - set(recorded["cases"]))
    assert recorded["provenance"]["code_version"] == current, (
        "benchmarks/recorded.json was measured with other benchmark code: registry.py, timing.py, "
        "worker.py, cases/ or a dyndocs module they import changed"
        + (f", and these cases are new: {', '.join(unrecorded)}" if unrecorded else "")
        + ". Run `make bench-record` (every case, about 3 minutes) and commit the file."
    )
    assert not recorded["provenance"]["quick"], "the recorded results must be a full run"


def test_claims_render_and_contradictions_fail(recorded: dict[str, Any], strings: Strings) -> None:
    page = "Saved {{bench no_grad.tiny_mlp.no_grad.saved_bytes <= 0}}."
    assert (
        render_page(page, shown(recorded), Renderer(strings, "en"), "docs/en/x.md") == "Saved 0 B."
    )
    wrong = "It saves memory: {{bench no_grad.tiny_mlp.no_grad.saved_bytes > 0}}."
    with pytest.raises(ClaimContradicted, match=r"docs/en/x\.md: claim .* contradicted"):
        render_page(wrong, shown(recorded), Renderer(strings, "en"), "docs/en/x.md")
    with pytest.raises(ClaimContradicted, match=r"docs/en/x\.md: .*no measurement"):
        render_page(
            "{{bench no_grad.nothing.grad.speedup}}",
            shown(recorded),
            Renderer(strings, "en"),
            "docs/en/x.md",
        )


def test_a_speed_up_in_prose_reads_as_its_language_says_it(
    recorded: dict[str, Any], strings: Strings
) -> None:
    """English writes 1.23×; Chinese prose 1.23 倍, since “快 1.23×” is read two ways."""
    claim = "{{bench no_grad.tiny_mlp.no_grad.speedup > 0}}"
    said = {
        locale: render_page(claim, shown(recorded), Renderer(strings, locale), "x.md")
        for locale in ("en", "zh-hans", "zh-hant")
    }
    assert said["en"].endswith("×") and said["en"][:-1] == said["zh-hans"].removesuffix(" 倍")
    assert said["zh-hans"].endswith(" 倍") and said["zh-hant"] == said["zh-hans"]


def header_of(rendered: str) -> str:
    """The header row of the first table in a rendered marker."""
    return next(line for line in rendered.splitlines() if line.startswith("|"))


def test_a_table_stays_out_of_the_search_index(recorded: dict[str, Any], strings: Strings) -> None:
    text = render_page("<!-- bench: no_grad -->", shown(recorded), Renderer(strings, "en"), "x")
    assert text.strip().startswith(
        '<div class="bench-output" data-search-exclude="" markdown>\n\n| '
    )
    assert text.strip().endswith("</div>") and text.count('<div class="bench-output"') == 1


def test_unknown_case_marker_fails(recorded: dict[str, Any], strings: Strings) -> None:
    with pytest.raises(ClaimContradicted, match="unknown benchmark case 'nope'.*bench-record"):
        render_page("<!-- bench: nope -->", shown(recorded), Renderer(strings, "en"), "x.md")


def test_a_claim_on_an_unknown_case_says_so_plainly(
    recorded: dict[str, Any], strings: Strings
) -> None:
    claim = "{{bench nope.tiny_mlp.batch.speedup}}"
    with pytest.raises(ClaimContradicted, match=r"^x\.md: unknown benchmark case 'nope': "):
        render_page(claim, shown(recorded), Renderer(strings, "en"), "x.md")


@pytest.mark.parametrize("locale", locales())
def test_tables_speak_the_page_language(
    recorded: dict[str, Any], strings: Strings, locale: str
) -> None:
    text = render_page("<!-- bench: no_grad -->", shown(recorded), Renderer(strings, locale), "x")
    assert header_of(text).startswith(f"| {strings.get(locale, 'bench.case')} |")
    assert "×" in text and ("µs" in text or "ms" in text)
    assert strings.get(locale, "bench.metrics.saved_bytes") in text
    assert strings.get(locale, "bench.provenance.recorded") in text


WORDED = ("loop", "batch", "pad", "pack", "bucket", "recorded", "grad", "cpp", "mm", "zero_fill")
"""Variants whose ids are English words, not code: a Chinese page names them in its words."""


@pytest.mark.parametrize("locale", ["zh-hans", "zh-hant"])
def test_every_row_and_variant_is_labelled_from_the_language_file(
    recorded: dict[str, Any], strings: Strings, locale: str
) -> None:
    """A variant in words (``loop``, ``pad``, ``zero_fill``) is shown in the page's language in
    tables and bar charts; a variant or row without its entry fails, naming the case and the id."""
    renderer = Renderer(strings, locale)
    for case in recorded["cases"]:
        text = render_page(f"<!-- bench: {case} -->", shown(recorded), renderer, "x")
        data = CaseData.of(recorded, case, "cpu")
        variants = list(dict.fromkeys(r["variant"] for r in data.rows))
        header = header_of(text).removesuffix(" |").split(" | ")[1:]
        assert header == [renderer.variant_label(v) for v in variants], case
        for variant in set(variants) & set(WORDED):
            label = renderer.variant_label(variant)
            assert "`" not in label and variant not in label, (case, variant, label)
        for r in data.rows:
            assert f"| {renderer.row_label(r['row'])} |" in text, (case, r["row"])
            if "speedup" in r and r["variant"] != data.baseline:  # its bar
                assert renderer.variant_label(r["variant"]).strip("`") + "</text>" in text
    for key in ("bench.variants.pad", "bench.rows.inference"):
        lacking = copy.deepcopy(strings)
        del lacking.by_locale[locale][key]
        page = "docs/x.md: benchmark variable_length: no string"
        with pytest.raises(ClaimContradicted, match=f"{page} '{key}' for {locale}"):
            render_page(
                "<!-- bench: variable_length -->",
                shown(recorded),
                Renderer(lacking, locale),
                "docs/x.md",
            )


def test_a_marker_can_show_some_variants(recorded: dict[str, Any], strings: Strings) -> None:
    text = render_page(
        "<!-- bench: compile variants=eager,trace,script -->",
        shown(recorded),
        Renderer(strings, "en"),
        "x",
    )
    header = header_of(text)
    assert "`trace`" in header and "`compile`" not in header


def test_stale_and_foreign_results_are_labelled(recorded: dict[str, Any], strings: Strings) -> None:
    version = recorded["provenance"]["code_version"]
    here = classify(recorded, version)
    old = copy.deepcopy(recorded)
    old["provenance"]["code_version"] = "0" * 12
    elsewhere = copy.deepcopy(recorded)
    elsewhere["provenance"].update(machine="gpu-runner", cpu="Other CPU", gpu="NVIDIA H200")
    no_grad = elsewhere["cases"]["no_grad"]["devices"]
    no_grad["cuda"] = no_grad["cpu"]
    others = [classify(old, version), classify(elsewhere, version)]
    assert others[0].stale and others[1].foreign and not others[1].stale
    page = render_page(
        "<!-- bench: no_grad -->", Shown(here, others), Renderer(strings, "en"), "x.md"
    )
    header = header_of(page)
    assert page.count("| Case |") == 1, "all machines and devices share one table"
    assert "`grad` [1] CPU" in header and "`grad` [4] CUDA NVIDIA H200" in header
    assert "STALE" in page and "from another machine (gpu-runner)" in page
    assert "device cuda" in page


def test_a_stale_result_is_checked_unless_serving(
    recorded: dict[str, Any], strings: Strings
) -> None:
    old = copy.deepcopy(recorded)
    old["provenance"]["code_version"] = "0" * 12
    wrong = "{{bench no_grad.tiny_mlp.no_grad.saved_bytes > 0}}"
    stale = classify(old, recorded["provenance"]["code_version"])
    assert render_page(wrong, Shown(stale, [], lenient=True), Renderer(strings, "en"), "x") == "?"
    with pytest.raises(ClaimContradicted):
        render_page(wrong, Shown(stale, []), Renderer(strings, "en"), "x")


def test_an_equality_claim_holds_or_fails(recorded: dict[str, Any], strings: Strings) -> None:
    nodes = CaseData.of(recorded, "python_rnn", "cpu").metric(
        "T=80", "python_loop", "nodes_per_step"
    )
    right = f"{{{{bench python_rnn.T=80.python_loop.nodes_per_step == {nodes:g}}}}}"
    assert render_page(right, shown(recorded), Renderer(strings, "en"), "x") == f"{nodes:g}"
    wrong = f"{{{{bench python_rnn.T=80.python_loop.nodes_per_step == {nodes + 1:g}}}}}"
    with pytest.raises(ClaimContradicted, match="contradicted"):
        render_page(wrong, shown(recorded), Renderer(strings, "en"), "x")


def test_the_run_measured_the_peak_and_every_rate_is_a_share_of_it(
    recorded: dict[str, Any],
) -> None:
    """Each share is of the peak's product timed beside the rate, so the product's rate that the
    share implies (the rate over the share) is the peak's rate at that moment: never much above
    the peak the run measured alone, and not below half of it, however the machine's speed swung
    (a product's FLOPs miscounted by two would fall outside)."""
    peak = recorded["provenance"]["peak_gflops"]["cpu"]
    assert peak == CaseData.of(recorded, "peak", "cpu").metric("matmul", "mm", "gflops")
    rated = 0
    for name, case in recorded["cases"].items():
        if not any(m["name"] == "peak_share" for m in case["metrics"]):
            continue
        for row in case["devices"]["cpu"]:
            metrics = row.get("metrics", {})
            if "gflops" in metrics:
                ceiling = metrics["gflops"] / metrics["peak_share"]
                where = f"{name}.{row['row']}.{row['variant']}"
                assert 0.5 * peak < ceiling < 1.25 * peak, f"{where}: {ceiling:.1f} GFLOP/s"
                rated += 1
    assert rated >= 20


@pytest.mark.parametrize("locale", locales())
def test_rates_show_their_share_of_the_peak(
    recorded: dict[str, Any], strings: Strings, locale: str
) -> None:
    text = render_page(
        "<!-- bench: batch_size -->", shown(recorded), Renderer(strings, locale), "x"
    )
    data = CaseData.of(recorded, "batch_size", "cpu")
    rate = format_value(data.metric("B=256", "wide_mlp", "gflops"), "gflops")
    share = format_value(data.metric("B=256", "wide_mlp", "peak_share"), "share")
    assert strings.get(locale, "bench.rate_of_peak", rate=rate, share=share) in text
    peak = format_value(recorded["provenance"]["peak_gflops"]["cpu"], "gflops")
    assert strings.get(locale, "bench.provenance.peak", rate=peak) in text
    # A sweep has no baseline: no speed-up column, no speed-up note.
    assert strings.get(locale, "bench.speedup", baseline="X").split("X")[0] not in text
    assert "×**" not in text


def test_tables_and_claims_use_the_paired_speed_up_not_the_ratio_of_medians(
    recorded: dict[str, Any], strings: Strings
) -> None:
    results = copy.deepcopy(recorded)
    for row in results["cases"]["no_grad"]["devices"]["cpu"]:
        if (row["row"], row["variant"]) == ("tiny_mlp", "no_grad"):
            row["speedup"] = 7.25  # far from any ratio of the recorded medians
    data = CaseData.of(results, "no_grad", "cpu")
    assert data.metric("tiny_mlp", "no_grad", "speedup") == 7.25
    page = "<!-- bench: no_grad -->\n{{bench no_grad.tiny_mlp.no_grad.speedup > 7}}"
    text = render_page(page, shown(results), Renderer(strings, "en"), "x")
    assert "**7.25×**" in text and text.rstrip().endswith("7.25×")
