"""Show the error or warning a block of code raises, and fail when it no longer does.

The pages of the errors atlas run their failing code inside `raises` or `warns` (or
`logs`, for what torch only logs). The message is printed as Python's traceback ends it (the
exception's full name, then the message), so the page shows what the reader's terminal shows, but
for file paths inside it, cut to the file's name: the output must not depend on the checkout. If
the block stops raising, raises another type, or the message stops matching ``pattern``, the
snippet fails, and so does the build that shows it.

Examples:
    >>> import torch
    >>> from dyndocs.errors import raises
    >>> with raises(RuntimeError, r"does not require grad"):
    ...     torch.ones(2).sum().backward()
    RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
    >>> with raises(RuntimeError, r"second time"):
    ...     pass
    Traceback (most recent call last):
    ...
    dyndocs.errors.NotRaised: expected RuntimeError matching 'second time'; nothing was raised
"""

from __future__ import annotations

import logging
import logging.handlers
import re
import traceback
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

_PATH = re.compile(r"(?:/[^/\s\"'():]+)+/([^/\s\"'():]+\.py)")


def short_paths(text: str) -> str:
    """``text`` with each absolute path of a ``.py`` file cut to the file's name.

    Examples:
        >>> short_paths('File "/home/me/guide/snippets/x.py", line 3')
        'File "x.py", line 3'
    """
    return _PATH.sub(r"\1", text)


class NotRaised(AssertionError):
    """The block ran without the error or warning it is shown for."""


class MessageChanged(AssertionError):
    """The block raised the expected type, but the message no longer matches its pattern."""


@contextmanager
def raises(kind: type[BaseException], pattern: str) -> Iterator[None]:
    """Run the block, which must raise ``kind`` with a message matching ``pattern``; print it.

    An exception of another type propagates unchanged.
    """
    try:
        yield
    except kind as error:
        message = str(error)
        if not re.search(pattern, message):
            raise MessageChanged(
                f"{kind.__name__} no longer matches {pattern!r}; the message was:\n{message}"
            ) from error
        print(short_paths("".join(traceback.format_exception_only(error)).rstrip("\n")))
    else:
        raise NotRaised(f"expected {kind.__name__} matching {pattern!r}; nothing was raised")


@contextmanager
def warns(category: type[Warning], pattern: str) -> Iterator[None]:
    """Run the block, which must warn with ``category`` and a message matching ``pattern``.

    Prints the first such warning as ``Category: message``; other warnings are shown as usual.

    Examples:
        >>> import torch
        >>> with warns(UserWarning, r"not a leaf Tensor"):
        ...     _ = (torch.ones(1, requires_grad=True) * 2).grad  # doctest: +ELLIPSIS
        UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed...
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    matching = [w for w in caught if issubclass(w.category, category)]
    for other in (w for w in caught if w not in matching):
        warnings.warn_explicit(other.message, other.category, other.filename, other.lineno)
    if not matching:
        raise NotRaised(f"expected {category.__name__} matching {pattern!r}; none was issued")
    message = str(matching[0].message)
    if not re.search(pattern, message):
        raise MessageChanged(
            f"{category.__name__} no longer matches {pattern!r}; the message was:\n{message}"
        )
    print(f"{matching[0].category.__name__}: {message}")


@contextmanager
def logs(logger: str, pattern: str) -> Iterator[None]:
    """Run the block, which must log a warning (or worse) matching ``pattern`` on ``logger``.

    For what torch reports through ``logging`` only, such as Dynamo's recompile limit. Prints
    the first such record as ``LEVEL: message``; the record still reaches torch's own handlers.

    Examples:
        >>> import logging
        >>> with logs("demo", r"too many"):
        ...     logging.getLogger("demo.part").warning("too many recompiles")
        WARNING: too many recompiles
    """
    keep = logging.handlers.BufferingHandler(capacity=1_000_000)  # never flushes: keeps them all
    keep.setLevel(logging.WARNING)
    target = logging.getLogger(logger)
    target.addHandler(keep)
    try:
        yield
    finally:
        target.removeHandler(keep)
    if not keep.buffer:
        raise NotRaised(f"expected a warning on {logger} matching {pattern!r}; none was logged")
    record = keep.buffer[0]
    message = record.getMessage()
    if not re.search(pattern, message):
        raise MessageChanged(f"{logger} no longer logs {pattern!r}; the message was:\n{message}")
    print(f"{record.levelname}: {short_paths(message)}")
