"""The background resources: each made once, its error raised where it is asked for."""

from __future__ import annotations

import threading

import pytest

from .resources import Resources
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
