"""Exports that load on first use, so that importing one torch-free part stays torch-free.

The drawing code of `dyndocs.graph` needs no torch, and the site build draws with it without
paying torch's import. A package's ``__init__`` runs whenever any of its modules is imported, so
the packages export their names through `lazy_exports` instead of importing them eagerly.

Examples:
    >>> namespace = {"__name__": "example"}
    >>> getter = lazy_exports(namespace, {"sqrt": "math"})
    >>> getter("sqrt")(16.0), "sqrt" in namespace
    (4.0, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(namespace: dict[str, Any], exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``exports[name]`` the first time ``name`` is used."""

    def load(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(exports[name]), name)
        namespace[name] = value  # later look-ups find it without coming back here
        return value

    return load
