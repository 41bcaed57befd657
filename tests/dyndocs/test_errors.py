"""dyndocs.errors: a shown error fails loudly when torch stops raising it or changes its words."""

import warnings

import pytest
import torch

from dyndocs.errors import MessageChanged, NotRaised, raises, warns


def test_a_changed_message_shows_the_pattern_and_the_message() -> None:
    with pytest.raises(MessageChanged, match=r"'second time'.*\n.*does not require grad"):
        with raises(RuntimeError, r"second time"):
            torch.ones(2).sum().backward()


def test_another_exception_type_propagates() -> None:
    with pytest.raises(TypeError):
        with raises(RuntimeError, r"."):
            raise TypeError("not the one")


def test_a_missing_warning_fails_and_other_warnings_pass_through() -> None:
    with pytest.raises(NotRaised, match="UserWarning"):
        with warnings.catch_warnings(record=True) as outer:
            warnings.simplefilter("always")
            with warns(UserWarning, r"leaf"):
                warnings.warn("something else", DeprecationWarning)
    assert [str(w.message) for w in outer] == ["something else"]


def test_the_printed_line_is_the_exception_name_then_the_message(capsys) -> None:
    with raises(ValueError, r"bad"):
        raise ValueError("bad value\nsecond line")
    assert capsys.readouterr().out == "ValueError: bad value\nsecond line\n"
