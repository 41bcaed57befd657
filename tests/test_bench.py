"""The benchmark machinery: counting, failures, labels, claims and rendering.

Timings are never asserted here; they are measured by the build (quick mode in
the test suite's strict build) and shown on the pages.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
import torch

from dyndocs.bench import results
from dyndocs.bench.cases import CASES
from dyndocs.bench.render import ClaimContradicted, render_page, table
from dyndocs.bench.results import BenchmarkFailed, ResultSet, classify
from dyndocs.inspect import saved_bytes


def test_saved_bytes_counts_each_storage_once() -> None:
    a = torch.ones(10, requires_grad=True)
    assert saved_bytes(lambda: a * a) == a.untyped_storage().nbytes()  # saved twice, counted once
    b = torch.ones(10, requires_grad=True)
    assert saved_bytes(lambda: a * b) == 2 * a.untyped_storage().nbytes()
    with torch.no_grad():
        assert saved_bytes(lambda: a * b) == 0


def test_saved_bytes_leaves_out_the_parameters_it_is_told_to() -> None:
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
    x = torch.randn(3, 4)
    activations = (3 * 4 + 3 * 8) * 4  # the input (saved by the first matmul) and ReLU's output
    assert saved_bytes(lambda: model(x), exclude=model) == activations
    # Counting parameters adds the second layer's weight, which its input's gradient needs; the
    # first weight is not saved because nothing upstream of it requires a gradient.
    second_weight = model[2].weight.untyped_storage().nbytes()
    assert saved_bytes(lambda: model(x)) == activations + second_weight


def test_failing_case_is_named() -> None:
    with pytest.raises(BenchmarkFailed, match="'no_such_case' on cpu failed"):
        results.run_case("no_such_case", "cpu", quick=True)


def test_a_case_that_runs_too_long_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results, "CASE_TIMEOUT_S", 0.01)
    with pytest.raises(BenchmarkFailed, match="'zero_grad' on cpu timed out after 0.01 s"):
        results.run_case("zero_grad", "cpu", quick=True)


def test_the_requested_device_is_used_or_refused_by_name() -> None:
    """A build asks for ``cuda`` only when CUDA is present; asking without it must say so."""
    if torch.cuda.is_available():
        rows = results.run_case("zero_grad", "cuda", quick=True)
        assert {r["variant"] for r in rows} == {"set_to_none", "zero_fill"}
        assert all(r["median_s"] > 0 for r in rows)
    else:
        assert results.devices() == ["cpu"]
        with pytest.raises(BenchmarkFailed, match="'zero_grad' on cuda failed:\n.*not available"):
            results.run_case("zero_grad", "cuda", quick=True)


def test_a_gpu_machine_measures_both_devices_and_records_its_gpu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = results.cache_key(quick=True)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda index=0: "NVIDIA H200")
    assert results.devices() == ["cpu", "cuda"]
    assert results.environment()["gpu"] == "NVIDIA H200"
    assert results.cache_key(quick=True) != here, "a GPU's results must not reuse a CPU cache"
    jobs = results.schedule(list(CASES), results.devices(), quick=True)
    assert {device for _, device in jobs} == {"cpu", "cuda"} and len(jobs) == 2 * len(CASES)


def test_processes_of_a_case_are_spread_over_the_run() -> None:
    order = results.schedule(["a", "b", "compile"], ["cpu", "cuda"], quick=False)
    a_on_cpu = [i for i, job in enumerate(order) if job == ("a", "cpu")]
    assert len(a_on_cpu) == results.PROCESSES
    gaps = [later - earlier for earlier, later in itertools.pairwise(a_on_cpu)]
    assert min(gaps) > 1, f"processes of one case run back to back: {order}"
    assert order.count(("compile", "cuda")) == 1
    assert results.schedule(["a"], ["cpu"], quick=True) == [("a", "cpu")]


@pytest.fixture(scope="module")
def measured() -> dict[str, Any]:
    """A real quick run of two cases, in fresh processes, as the build does it."""
    return {
        "provenance": {
            **results.environment(),
            "date": "today",
            "code_version": results.code_version(),
            "quick": True,
            "key": "test",
        },
        "cases": {
            name: {"cpu": results.run_case(name, "cpu", quick=True)}
            for name in ("batching", "no_grad")
        },
    }


def test_quick_run_covers_the_real_variants(measured: dict[str, Any]) -> None:
    variants = {r["variant"] for r in measured["cases"]["no_grad"]["cpu"]}
    assert variants == {"grad", "no_grad", "inference_mode"}
    saved = {
        r["variant"]: r["saved_bytes"]
        for r in measured["cases"]["no_grad"]["cpu"]
        if r["row"] == "tiny_mlp"
    }
    assert saved["grad"] > 0 and saved["no_grad"] == saved["inference_mode"] == 0
    assert all(r["agree"] for r in measured["cases"]["batching"]["cpu"])


def test_claims_render_and_contradictions_fail(measured: dict[str, Any]) -> None:
    sets = [classify(measured)]
    page = "Saved {{bench no_grad.tiny_mlp.no_grad.saved_bytes <= 0}} bytes."
    assert render_page(page, sets, "en", "docs/en/x.md") == "Saved 0 B bytes."
    wrong = "It saves memory: {{bench no_grad.tiny_mlp.no_grad.saved_bytes > 0}}."
    with pytest.raises(ClaimContradicted, match=r"docs/en/x\.md: claim .* contradicted"):
        render_page(wrong, sets, "en", "docs/en/x.md")
    with pytest.raises(ClaimContradicted, match="docs/en/x.md: .*no measurement"):
        render_page("{{bench no_grad.nothing.grad.speedup}}", sets, "en", "docs/en/x.md")


def test_unknown_case_marker_fails(measured: dict[str, Any]) -> None:
    with pytest.raises(ClaimContradicted, match="unknown benchmark case 'nope'"):
        render_page("<!-- bench: nope -->", [classify(measured)], "en", "docs/en/x.md")


@pytest.mark.parametrize("locale", ["en", "zh-hans", "zh-hant"])
def test_tables_speak_the_page_language(measured: dict[str, Any], locale: str) -> None:
    text = table(measured, "no_grad", "cpu", locale)
    header = {"en": "| Case |", "zh-hans": "| 情形 |", "zh-hant": "| 情境 |"}[locale]
    assert text.startswith(header)
    assert "×" in text and ("µs" in text or "ms" in text)


def test_stale_and_foreign_results_are_labelled(measured: dict[str, Any]) -> None:
    old = copy.deepcopy(measured)
    old["provenance"]["code_version"] = "0" * 12
    elsewhere = copy.deepcopy(measured)
    elsewhere["provenance"].update(machine="gpu-runner", cpu="Other CPU", gpu="NVIDIA H200")
    elsewhere["cases"]["no_grad"]["cuda"] = elsewhere["cases"]["no_grad"]["cpu"]
    sets = [classify(measured), classify(old), classify(elsewhere)]
    assert [(s.stale, s.foreign) for s in sets] == [(False, False), (True, False), (False, True)]
    page = render_page("<!-- bench: no_grad -->", sets, "en", "docs/en/x.md")
    header = page.strip().splitlines()[0]
    assert page.count("| Case |") == 1, "all machines and devices share one table"
    assert "`grad` [1] CPU" in header and "`grad` [4] CUDA NVIDIA H200" in header
    assert "STALE" in page and "from another machine (gpu-runner)" in page
    assert "device cuda" in page


def test_every_case_has_a_baseline() -> None:
    from dyndocs.bench.cases import BASELINES

    assert set(BASELINES) == set(CASES)


def test_result_set_has_provenance(measured: dict[str, Any]) -> None:
    assert isinstance(classify(measured), ResultSet)
    assert {"torch", "cpu", "threads", "date", "code_version"} <= set(classify(measured).provenance)
