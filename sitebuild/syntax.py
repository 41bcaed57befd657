"""Python syntax trees made one thread at a time.

CPython 3.11 keeps the depth counter of the C code that turns a parse into ``ast`` objects in
the interpreter's state, shared by every thread. When two threads parse at once and one is
switched out in the middle (a garbage collection running a finaliser can do it), the other's
count ends up wrong and its ``ast.parse`` raises ``SystemError: AST constructor recursion depth
mismatch`` (CPython gh-106905; pytest#10763). The code runner's thread pool parses each job's code
for its key while the test suite's background resources and its tests parse too: a cold
``make test`` failed on it once. So every parse here takes one lock, and the test session routes
``ast.parse`` itself through it (:func:`serialize_ast_parse`, root ``conftest.py``), for the
parses of torch, pytest and the tests that run meanwhile.

There is no library for this; the lock is a module global because it has to be one per process.

Examples:
    >>> type(parse("import torch").body[0]).__name__
    'Import'
"""

from __future__ import annotations

import ast
import functools
import threading
from typing import Any

# Reentrant: a finaliser that parses may run in the thread that holds it.
_PARSING = threading.RLock()
_UNLOCKED_PARSE = ast.parse


@functools.wraps(_UNLOCKED_PARSE)
def _locked_parse(*args: Any, **kwargs: Any) -> Any:
    with _PARSING:
        return _UNLOCKED_PARSE(*args, **kwargs)


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse(source)``, while no other thread of this process parses."""
    tree: ast.Module = _locked_parse(source, filename)
    return tree


def serialize_ast_parse() -> None:
    """Make ``ast.parse`` take the same lock as :func:`parse`, for every caller in the process.

    For a process that parses in several threads with code it does not own (the test session).
    Calling it again changes nothing.
    """
    ast.parse = _locked_parse
