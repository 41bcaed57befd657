"""Search: what its index holds (prose and headings, not code), and its dialog's name.

Material indexes every element of a page unless it carries ``data-search-exclude``. Code blocks
(the API reference's source listings included) made up most of the index every reader downloads,
while readers search for ideas and names, which prose, docstrings and headings carry. Measured side
by side, the English index is 183 KB (53 KB gzipped) with :func:`lean`, 366 KB (95 KB) without;
each Chinese one 272 KB (68 KB), 475 KB (116 KB) without.

The errors atlas's entries are headed by whole messages, some sixty words long. Material adds a
trailing wildcard to every word of a query, so a pasted message's short words ("a", "on") match
dozens of words of a long heading, which outranked the entry headed by the pasted message. So an
entry's section is weighed by the inverse of its heading's word count; a section headed in the
page's own words (an entry with no message, such as a silent one) is not.

Examples:
    >>> lean('<div class="language-python highlight"><pre>x = 1</pre></div>')
    '<div data-search-exclude class="language-python highlight"><pre>x = 1</pre></div>'
    >>> lean('<div class="jp-InputPrompt jp-InputArea-prompt">In [3]:</div>')
    '<div data-search-exclude class="jp-InputPrompt jp-InputArea-prompt">In [3]:</div>'
    >>> docs = [{"location": "errors/a/#x", "title": "E: one two"}, {"location": "a/#y"},
    ...         {"location": "errors/a/#z", "title": "Gradients add up"}]
    >>> [doc.get("boost") for doc in weigh_entries(docs, r"[\\s:]+")]
    [10.0, None, None]
"""

from __future__ import annotations

import html
import re
from typing import Any

from sitebuild.pages.errors import MESSAGE

EXCLUDED = re.compile(
    r'<div (?=class="(?:[^"]*\s)?(?:highlight|highlight-ipynb|jp-InputPrompt|jp-OutputPrompt'
    r'|jp-OutputArea-output)[\s"])'
)
"""A code block: Pygments' ``highlight`` wrapper, or a notebook page's code cell, its prompts
(In [3]:) and its output, as a page's output blocks are. Material's index skips an excluded
element only up to the first end tag of its kind: an output holding a ``<div>`` (a drawing's
scroll box) is left out up to that box's end, which follows its drawing."""


ENTRY = re.compile(r"(?:[\w-]+/)?errors/[^#]+/#")
"""The location of an entry's section in the search index: a heading of an errors page."""
WORDS_WEIGHED_ONE = 30
"""An entry whose heading has this many distinct words keeps Material's own weight."""


def weigh_entries(docs: list[dict[str, Any]], separator: str) -> list[dict[str, Any]]:
    """``docs`` with each entry's section given a ``boost`` inverse to its heading's word count."""
    split = re.compile(separator)
    for doc in docs:
        if ENTRY.match(doc["location"]) and MESSAGE.match(doc.get("title", "")):
            words = {word.lower() for word in split.split(doc["title"]) if word}
            doc["boost"] = round(WORDS_WEIGHED_ONE / max(len(words), 1), 4)
    return docs


def lean(content: str) -> str:
    """``content`` with its code blocks left out of the search index."""
    return EXCLUDED.sub("<div data-search-exclude ", content)


UNNAMED_DIALOG = re.compile(r'(<div class="md-search"[^>]*?role="dialog")(?![^>]*aria-label)')
"""Material's search box, a ``role="dialog"`` without a name, which screen readers announce as an
unnamed dialog (and Lighthouse flags). Named here, not in an override of ``partials/search.html``,
which would have to follow every Material release."""


def name_dialogs(page: str, label: str) -> str:
    """Give Material's search dialog an accessible name in the page's language.

    >>> name_dialogs('<div class="md-search" role="dialog">', "Search")
    '<div class="md-search" role="dialog" aria-label="Search">'
    """
    return UNNAMED_DIALOG.sub(lambda m: f'{m[1]} aria-label="{html.escape(label)}"', page)
