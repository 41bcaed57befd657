"""Cache files that no reader sees half-written.

A build and the test suite may fill the same caches at once (the suite builds the site in the
background while its other tests run snippets and draw figures), so an entry is written under a
unique temporary name in its own folder and then renamed into place, which POSIX makes atomic.

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> entry = Path(tempfile.mkdtemp()) / "cache" / "key.json"
    >>> write_text(entry, '{"ok": true}')
    >>> entry.read_text(), sorted(p.name for p in entry.parent.iterdir())
    ('{"ok": true}', ['key.json'])
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, making its folder; readers see the old file or all of
    the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
