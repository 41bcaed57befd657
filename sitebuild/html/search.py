"""What the search index holds: prose and headings, not code.

Material indexes every element of a page unless it carries ``data-search-exclude``. Code blocks
(the API reference's source listings included) made up most of the index every reader downloads,
while readers search for ideas and names, which prose, docstrings and headings carry.

Examples:
    >>> from sitebuild.html.search import lean
    >>> lean('<div class="language-python highlight"><pre>x = 1</pre></div>')
    '<div data-search-exclude class="language-python highlight"><pre>x = 1</pre></div>'
    >>> lean('<div class="jp-Editor jp-InputArea-editor"><pre>x = 1</pre></div>')
    '<div data-search-exclude class="jp-Editor jp-InputArea-editor"><pre>x = 1</pre></div>'
"""

from __future__ import annotations

import re

EXCLUDED = re.compile(r'<div (?=class="(?:[^"]*\s)?(?:highlight|jp-InputArea-editor)[\s"])')
"""A code block: Pygments' ``highlight`` wrapper, or the code of a notebook page's cell
(mkdocs-jupyter's ``jp-InputArea-editor``)."""


def lean(content: str) -> str:
    """``content`` with its code blocks left out of the search index."""
    return EXCLUDED.sub("<div data-search-exclude ", content)
