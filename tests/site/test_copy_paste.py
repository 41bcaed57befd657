"""Every code block titled with a file path runs when a reader pastes it alone.

The blocks are read from the built HTML, as a reader copies them, in every language: the same
code, with comments in the page's language (asserted here). Every copy compiles, and each distinct
code runs in the reader's environment (torch and dyndocs, from the README's install), in a fresh
interpreter in an empty folder, as ``python -c`` (:mod:`tests.reader_runs`).
"""

from __future__ import annotations

from pathlib import Path

from sitebuild.pages.comments import code_tokens

from ..reader_runs import blocks_by_language, run_blocks, titled_blocks
from ..support import locales, made_once


def test_every_titled_block_runs_alone(built_site: Path, reader_env: Path) -> None:
    found = blocks_by_language(built_site)
    counts = {locale: len(blocks) for locale, blocks in found.items()}
    assert min(counts.values()) >= 40, f"too few titled blocks found: {counts}"
    # First: a copy that does not compile fails here, named with its page.
    with made_once("copied_blocks"):  # a block that ran is kept: the next worker reads
        failures = run_blocks(built_site, reader_env)
    assert not failures, "\n\n".join(failures)
    codes = {locale: [code_tokens(c) for _, _, c in blocks] for locale, blocks in found.items()}
    first = codes[locales()[0]]
    assert all(c == first for c in codes.values()), "the languages show different code"
    assert len({code for blocks in found.values() for _, _, code in blocks}) > len(first), (
        "the Chinese blocks show the English comments"
    )


def test_a_block_counts_when_its_title_is_a_file_path() -> None:
    page = (
        '<div class="language-python highlight"><span class="filename">snippets/a/b.py</span>'
        '<pre><span></span><code><span class="n">x</span> = 1 &lt; 2\n</code></pre></div>'
        '<div class="language-python highlight"><span class="filename">Output</span>'
        "<pre><span></span><code>True\n</code></pre></div>"
        '<div class="language-python highlight"><pre><span></span><code>y = 2\n</code></pre></div>'
    )
    assert titled_blocks(page) == [("snippets/a/b.py", "x = 1 < 2\n")]
