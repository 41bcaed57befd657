"""Every code block titled with a file path runs when a reader pastes it alone.

The blocks are read from the built HTML, as a reader copies them, in every language, and each
runs in a fresh interpreter of the reader's environment (torch and dyndocs, from the README's
install) in an empty folder, as ``python -c``. The interpreters are forked from one that has
imported torch (:mod:`sitebuild.zygote`): the block still starts with empty globals, so a name it
does not define or import fails as it would for a reader. A block that ran is remembered by its
code and the environment.
"""

from __future__ import annotations

import hashlib
import html
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sitebuild import cachefiles
from sitebuild.zygote import ZygotePool

from ..support import ROOT, locales

BLOCK = re.compile(
    r'<div [^>]*class="language-python highlight"><span class="filename">(?P<title>[^<]+)</span>'
    r"<pre>.*?<code>(?P<code>.*?)</code></pre>",
    re.DOTALL,
)
FILE_PATH = re.compile(r"^[\w.-]+(?:/[\w.-]+)+\.py$")


def titled_blocks(page: str) -> list[tuple[str, str]]:
    """``(title, code)`` of each Python block whose title is a file path, as copied."""
    found = []
    for match in BLOCK.finditer(page):
        title = html.unescape(match["title"]).strip()
        if FILE_PATH.match(title):
            code = html.unescape(re.sub(r"<[^>]+>", "", match["code"]))
            found.append((title, code))
    return found


def blocks_by_language(site: Path) -> dict[str, list[tuple[str, str, str]]]:
    found: dict[str, list[tuple[str, str, str]]] = {}
    for locale in locales():
        root = site if locale == locales()[0] else site / locale
        pages = sorted(
            p
            for p in root.rglob("index.html")
            if locale != locales()[0] or p.relative_to(site).parts[0] not in locales()
        )
        found[locale] = [
            (str(p.relative_to(site)), title, code)
            for p in pages
            for title, code in titled_blocks(p.read_text(encoding="utf-8"))
        ]
    return found


def test_every_titled_block_runs_alone(built_site: Path, reader_env: Path, tmp_path: Path) -> None:
    found = blocks_by_language(built_site)
    counts = {locale: len(blocks) for locale, blocks in found.items()}
    assert min(counts.values()) >= 40, f"too few titled blocks found: {counts}"
    codes = {locale: [code for _, _, code in blocks] for locale, blocks in found.items()}
    first = codes[locales()[0]]
    assert all(c == first for c in codes.values()), "the languages show different code"
    done_dir = ROOT / ".cache" / "copy-paste"
    done_dir.mkdir(parents=True, exist_ok=True)
    unique = {code: (page, title) for page, title, code in found[locales()[0]]}
    zygotes = ZygotePool(size=2, python=str(reader_env / "bin" / "python"))

    def run(code: str) -> str | None:
        key = hashlib.sha256((code + reader_env.name).encode()).hexdigest()[:20]
        if cachefiles.read_text(done_dir / f"{key}.ok") is not None:  # marks it used
            return None
        workdir = tmp_path / key
        workdir.mkdir()
        # Its standard input is empty: a block that opens pdb reads end of input and goes on.
        status, _, stderr = zygotes.run(["-c", code], cwd=workdir, start_env={}, timeout_s=600)
        if status != 0:
            page, title = unique[code]
            return f"{page}: {title}:\n{stderr.strip()[-1200:]}"
        cachefiles.write_text(done_dir / f"{key}.ok", "")
        return None

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            failures = [f for f in pool.map(run, unique) if f]
    finally:
        zygotes.close()
    assert not failures, "\n\n".join(failures)
