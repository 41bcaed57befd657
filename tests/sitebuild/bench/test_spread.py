"""sitebuild.bench.spread, on copies of the results recorded with the repository."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest

from sitebuild.bench.spread import kind_of, main, ratio_spreads, relative_spread, summary


def test_runs_alike_spread_nothing(recorded: dict[str, Any]) -> None:
    spreads = ratio_spreads([recorded, copy.deepcopy(recorded), copy.deepcopy(recorded)])
    assert spreads, "no ratio was collected"
    assert set(spreads.values()) == {0.0}
    # Every kind the pages show: speed-ups over a baseline, and shares of the peak.
    assert any(key.startswith("no_grad.") and ".peak_share@" not in key for key in spreads)
    assert any(".peak_share@cpu" in key for key in spreads)


def test_a_share_that_moves_spreads_by_its_range_over_its_median(recorded: dict[str, Any]) -> None:
    runs = [copy.deepcopy(recorded) for _ in range(3)]
    moved = runs[0]["cases"]["batch_size"]["devices"]["cpu"][0]
    share = moved["metrics"]["peak_share"]
    moved["metrics"]["peak_share"] = share * 1.5
    key = f"batch_size.{moved['row']}.{moved['variant']}.peak_share@cpu"
    assert math.isclose(ratio_spreads(runs)[key], 0.5)


def test_a_spread_around_zero_is_infinite_and_zeros_alike_are_none() -> None:
    assert relative_spread([0.0, 0.0, 0.0]) == 0.0
    assert relative_spread([0.0, 0.0, 0.2]) == math.inf
    assert math.isclose(relative_spread([2.0, 3.0, 2.5]), 0.4)


def test_the_summary_counts_each_kind_within_ten_percent(recorded: dict[str, Any]) -> None:
    runs = [copy.deepcopy(recorded) for _ in range(3)]
    moved = runs[0]["cases"]["batch_size"]["devices"]["cpu"][0]
    moved["metrics"]["peak_share"] *= 1.5
    spreads = ratio_spreads(runs)
    kinds = {kind_of(key) for key in spreads}
    assert kinds == {"speed-up", "peak_share", "overhead_share"}
    shares = sum(1 for key in spreads if kind_of(key) == "peak_share")
    total, *per_kind = summary(spreads)
    assert total.startswith(f"{len(spreads) - 1} of {len(spreads)} ratios within 10%")
    assert f"  peak_share: {shares - 1} of {shares}" in per_kind
    with pytest.raises(ValueError, match="no ratio is in every run"):
        summary({})


def test_kept_runs_are_reported_again_without_measuring(
    recorded: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--kept`` reads what ``--keep`` wrote; in the numbers' order (run-10 after run-2)."""
    for number in (1, 2, 10):
        (tmp_path / f"run-{number}.json").write_text(json.dumps(recorded), encoding="utf-8")
    assert main(["--kept", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "over 3 runs:" in out and "median spread 0.0%" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--kept", "{dir}"], "{dir}: a spread needs at least 2 kept runs"),
        (["--kept", "{dir}", "--runs", "2"], "--runs and --quick measure"),
    ],
)
def test_kept_runs_that_cannot_be_reported_say_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([a.format(dir=tmp_path) for a in arguments])
    assert stopped.value.code == 2
    assert message.format(dir=tmp_path) in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("run-x.json", "{}", "run-x.json: not a kept run (--keep writes run-N.json"),
        ("run-2.json", "", "run-2.json: not a kept run: Expecting value"),
    ],
)
def test_a_kept_file_that_is_no_run_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, message: str
) -> None:
    (tmp_path / "run-1.json").write_text("{}", encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["--kept", str(tmp_path)])
    assert f"{tmp_path}/{message}" in capsys.readouterr().err
