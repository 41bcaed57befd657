"""What the search index holds: prose and headings, not code.

Material indexes every element of a page unless it carries ``data-search-exclude``. Code blocks
(the API reference's source listings included) made up most of the index every reader downloads,
while readers search for ideas and names, which prose, docstrings and headings carry.

Examples:
    >>> from sitebuild.html.search import lean
    >>> lean('<div class="language-python highlight"><pre>x = 1</pre></div>')
    '<div data-search-exclude class="language-python highlight"><pre>x = 1</pre></div>'
    >>> lean('<div class="clipboard-copy-txt" id="cell-2">x = 1</div>')
    '<div data-search-exclude class="clipboard-copy-txt" id="cell-2">x = 1</div>'
"""

from __future__ import annotations

import re

EXCLUDED = re.compile(
    r'<div (?=class="(?:[^"]*\s)?(?:highlight|highlight-ipynb|clipboard-copy-txt)[\s"])'
)
"""A code block: Pygments' ``highlight`` wrapper, or a notebook page's code cell and the copy of
it that mkdocs-jupyter's copy button reads. Material's index skips an excluded element only up to
the first end tag of its kind, so the elements excluded hold no ``<div>`` of their own."""


def lean(content: str) -> str:
    """``content`` with its code blocks left out of the search index."""
    return EXCLUDED.sub("<div data-search-exclude ", content)
