"""Cache entries: written whole or not at all, marked when used, pruned when long unused.

A build and the tests may fill the same caches at once, so an entry is written under a unique
temporary name and renamed into place, which POSIX makes atomic. Entries are keyed by content, so
each edit adds one: reading an entry marks it used (its modification time), and :func:`prune`
deletes those unused for ``KEEP_DAYS``, as ccache and pip do.

Examples:
    >>> import shutil
    >>> folder = Path(tempfile.mkdtemp())
    >>> kept(folder / "cache", "key.json", lambda: "[1]"), read_text(folder / "cache" / "key.json")
    ('[1]', '[1]')
    >>> shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock

KEEP_DAYS = 30
PRUNED = ("runs", "graphs", "browser", "lighthouse", "copy-paste", "notebook-runs")
"""The folders under ``.cache`` that gain an entry per edit: the build's runs and drawings, and
the tests' kept passes. Builds and test runs both prune them."""


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8), making the folder; readers see the old file or all of the new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def read_text(path: Path) -> str | None:
    """The entry's text, marking it used now; None if there is no entry."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    with contextlib.suppress(OSError):  # another process may have pruned it since: still valid
        os.utime(path)
    return text


def kept(folder: Path, name: str, make: Callable[[], str]) -> str:
    """The entry ``name`` of ``folder``, made by ``make()`` and written if there is none.

    Makers of one entry take turns (a lock file beside it): one makes it, the others read it. If
    ``make`` raises, nothing is written.
    """
    entry = folder / name
    if (text := read_text(entry)) is not None:
        return text
    with FileLock(entry.with_suffix(".lock")):
        if (text := read_text(entry)) is None:  # not made while this one waited
            text = make()
            write_text(entry, text)
    return text


def prune(folder: Path) -> int:
    """Delete the files directly in ``folder`` unused for :data:`KEEP_DAYS`; return how many."""
    oldest, removed = time.time() - KEEP_DAYS * 86400, 0
    for entry in folder.glob("*"):  # nothing if there is no folder; dotfiles too
        with contextlib.suppress(FileNotFoundError):  # a build running beside this one
            if entry.is_file() and entry.stat().st_mtime < oldest:
                entry.unlink()
                removed += 1
    return removed


def prune_unused(cache: Path) -> int:
    """:func:`prune` each of :data:`PRUNED` under ``cache``; return how many entries went."""
    return sum(prune(cache / name) for name in PRUNED)
