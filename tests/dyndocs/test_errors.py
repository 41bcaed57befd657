"""dyndocs.errors: a shown error fails loudly when torch stops raising it or changes its words."""

import warnings

import pytest
import torch

from dyndocs.errors import MessageChanged, NotRaised, logs, raises, warns


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
                warnings.warn("something else", DeprecationWarning, stacklevel=2)
    assert [str(w.message) for w in outer] == ["something else"]


def test_the_printed_line_is_the_exception_name_then_the_message(capsys) -> None:
    with raises(ValueError, r"bad"):
        raise ValueError("bad value\nsecond line")
    assert capsys.readouterr().out == "ValueError: bad value\nsecond line\n"


def test_a_logged_warning_is_required_and_matched(capsys) -> None:
    import logging

    with pytest.raises(NotRaised, match="demo"):
        with logs("demo", r"limit"):
            logging.getLogger("demo.part").info("below the level: not counted")
    with pytest.raises(MessageChanged, match=r"'limit'.*\n.*other words"):
        with logs("demo", r"limit"):
            logging.getLogger("demo.part").warning("other words")
    with logs("demo", r"limit"):
        logging.getLogger("demo.part").warning("hit the limit (%d) in /home/me/x/y.py:3", 8)
    assert capsys.readouterr().out == "WARNING: hit the limit (8) in y.py:3\n"


def test_paths_in_a_message_are_cut_to_the_file_name(capsys) -> None:
    with raises(RuntimeError, r"bad"):
        raise RuntimeError('bad\n  File "/tmp/a/b/snippet.py", line 3, and _export/utils.py:12')
    assert capsys.readouterr().out == (
        'RuntimeError: bad\n  File "snippet.py", line 3, and _export/utils.py:12\n'
    )
