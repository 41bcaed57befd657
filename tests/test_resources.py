"""The background resources: each made once, its error raised where it is asked for."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from . import reader_runs
from .resources import ReaderRuns, Resources
from .support import project


class Counting(Resources):
    NAMES = ("answer", "broken")

    def __init__(self) -> None:
        super().__init__(project())
        self.calls = 0
        self.release = threading.Event()

    def _make_answer(self) -> int:
        self.release.wait(timeout=30)
        self.calls += 1
        return 42

    def _make_broken(self) -> int:
        raise RuntimeError("the build failed")


def test_a_resource_is_made_once_in_the_background() -> None:
    made = Counting()
    made.start("answer")
    made.start("answer")
    assert not made.started["answer"].done()  # started, and not waited for
    made.release.set()
    assert (made.get("answer"), made.get("answer"), made.calls) == (42, 42, 1)


def test_an_error_is_raised_where_the_resource_is_asked_for() -> None:
    made = Counting()
    made.start("broken")
    with pytest.raises(RuntimeError, match="the build failed"):
        made.get("broken")


def test_an_unknown_resource_is_named() -> None:
    with pytest.raises(ValueError, match="no resource 'site': expected one of answer, broken"):
        Counting().start("site")


class Chained(Resources):
    """The reader's runs with stand-ins for what they wait for; the gates wait to be released."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(project())
        self.release = threading.Event()
        self.order: list[str] = []
        monkeypatch.setattr(reader_runs, "run_blocks", lambda site, env: self.ran("blocks"))
        monkeypatch.setattr(reader_runs, "run_notebooks", lambda site, env: ["notebook failed"])

    def ran(self, name: str) -> list[str]:
        self.order.append(name)
        return []

    def _make_built_site(self) -> tuple[Path, int, str]:
        return Path("site"), 0, ""

    def _make_reader_env(self) -> Path:
        return Path("env")

    def _make_lighthouse_gates(self) -> dict:
        self.release.wait(timeout=30)
        self.order.append("gates")
        return {}


def test_the_reader_runs_wait_for_the_gates_once_started(monkeypatch: pytest.MonkeyPatch) -> None:
    made = Chained(monkeypatch)
    made.start("lighthouse_gates")
    made.start("reader_runs")
    time.sleep(0.2)
    assert not made.started["reader_runs"].done()
    made.release.set()
    assert made.get("reader_runs") == ReaderRuns([], ["notebook failed"])
    assert made.order == ["gates", "blocks"]


def test_the_reader_runs_start_no_gates_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    made = Chained(monkeypatch)
    assert made.get("reader_runs") == ReaderRuns([], ["notebook failed"])
    assert "lighthouse_gates" not in made.started
