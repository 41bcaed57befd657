"""The background resources: each made once, its error raised where it is asked for."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest

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


def test_settling_waits_for_every_resource_started_made_or_failed() -> None:
    made = Counting()
    made.start("answer")
    made.start("broken")
    threading.Timer(0.2, made.release.set).start()
    made.settle()
    assert all(future.done() for future in made.started.values())
    assert made.calls == 1


def test_each_resource_is_timed_failed_or_made_in_the_order_they_ended() -> None:
    made = Counting()
    made.start("broken")
    with pytest.raises(RuntimeError):
        made.get("broken")
    made.start("answer")
    time.sleep(0.05)
    made.release.set()
    made.get("answer")
    assert list(made.seconds) == ["broken", "answer"]
    assert made.seconds["answer"] >= 0.05 > made.seconds["broken"]
    assert re.fullmatch(r"broken 0\.0 s, answer 0\.\d s", made.timings())


def test_an_unknown_resource_is_named() -> None:
    with pytest.raises(ValueError, match="no resource 'site': expected one of answer, broken"):
        Counting().start("site")


class Chained(Resources):
    """The reader's runs with stand-ins for what they wait for; the gates wait to be released."""

    def __init__(self) -> None:
        super().__init__(project())
        self.release = threading.Event()
        self.order: list[str] = []

    def _run_as_reader(self, site: Path, env: Path) -> ReaderRuns:
        self.order.append("blocks")
        return ReaderRuns([], ["notebook failed"])

    def _make_built_site(self) -> tuple[Path, int, str]:
        return Path("site"), 0, ""

    def _make_reader_env(self) -> Path:
        return Path("env")

    def _make_lighthouse_gates(self) -> dict:
        self.release.wait(timeout=30)
        self.order.append("gates")
        return {}


def test_the_reader_runs_wait_for_the_gates_once_started() -> None:
    made = Chained()
    made.start("lighthouse_gates")
    made.start("reader_runs")
    time.sleep(0.2)
    assert not made.started["reader_runs"].done()
    made.release.set()
    assert made.get("reader_runs") == ReaderRuns([], ["notebook failed"])
    assert made.order == ["gates", "blocks"]


def test_the_reader_runs_start_no_gates_of_their_own() -> None:
    made = Chained()
    assert made.get("reader_runs") == ReaderRuns([], ["notebook failed"])
    assert "lighthouse_gates" not in made.started


ENVIRONMENT_CHANGE = re.compile(
    r"\.(?:setenv|delenv)\(|os\.environ\[[^]]+\]\s*=(?!=)|os\.environ\.(?:update|pop|setdefault|clear)\(|os\.putenv\("
)


def test_no_test_changes_the_environment_the_background_processes_inherit() -> None:
    """A kernel, venv install or compiler the resources start meanwhile takes os.environ as it is
    then: a test's monkeypatch.setenv("CXX", ...) once reached a reader's notebook kernel, which
    then found no compiler. Tests pass an environment of their own instead."""
    tests = Path(__file__).parent
    changes = [
        f"{path.relative_to(tests.parent)}:{number}: {line.strip()}"
        for path in sorted(tests.rglob("*.py"))
        if path != Path(__file__)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ENVIRONMENT_CHANGE.search(line)
    ]
    assert not changes, "\n".join(changes)
