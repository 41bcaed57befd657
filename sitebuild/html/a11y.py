"""Accessibility fixes to Material's own markup, made on the rendered page.

Material's search box is a ``role="dialog"`` without a name, which screen readers announce as an
unnamed dialog (and Lighthouse flags). Overriding ``partials/search.html`` would mean keeping a
copy of Material's template in step with every release; naming the element here changes one
attribute and leaves the template Material's.

Examples:
    >>> from sitebuild.html.a11y import name_dialogs
    >>> name_dialogs('<div class="md-search" role="dialog">', "Search")
    '<div class="md-search" role="dialog" aria-label="Search">'
"""

from __future__ import annotations

import html
import re

UNNAMED_DIALOG = re.compile(r'(<div class="md-search"[^>]*?role="dialog")(?![^>]*aria-label)')


def name_dialogs(page: str, label: str) -> str:
    """Give Material's search dialog an accessible name in the page's language."""
    return UNNAMED_DIALOG.sub(lambda m: f'{m[1]} aria-label="{html.escape(label)}"', page)
