"""sitebuild.html.search: code stays out of the index, and prose stays."""

from __future__ import annotations

from sitebuild.html import search


def test_code_blocks_leave_the_search_index_and_prose_stays() -> None:
    page = (
        '<p>Use <code>no_grad</code>.</p><div class="language-python highlight"><pre>x</pre></div>'
    )
    lean = search.lean(page)
    assert '<div data-search-exclude class="language-python highlight">' in lean
    assert lean.startswith("<p>Use <code>no_grad</code>.</p>")
