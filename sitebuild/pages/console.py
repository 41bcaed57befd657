"""Console examples (``pycon`` blocks) whose copy button copies their code alone.

Material's copy button copies a block as shown: for a console example, prompts and output too,
which Python rejects when the reader pastes it. Pygments marks the prompts (``gp``) and plain
output lines (``go``), but not a traceback's lines, which it colours piece by piece. This marks
every line without a prompt as output, and ``overrides/main.html`` hides both while Material copies.

Examples:
    >>> block = (
    ...     '<div class="language-pycon highlight"><pre><code>'
    ...     '<span class="gp">&gt;&gt;&gt; </span>1 / 0\\n'
    ...     '<span class="gt">Traceback (most recent call last):</span>\\n'
    ...     '<span class="gr">ZeroDivisionError</span>: division by zero\\n</code></pre></div>'
    ... )
    >>> print(mark_output(block))
    <div class="language-pycon highlight"><pre><code><span class="gp">&gt;&gt;&gt; </span>1 / 0
    <span class="go"><span class="gt">Traceback (most recent call last):</span></span>
    <span class="go"><span class="gr">ZeroDivisionError</span>: division by zero</span>
    </code></pre></div>
"""

from __future__ import annotations

import re

CONSOLE_CODE = re.compile(
    r'(<div class="language-pycon[ "][^>]*>.*?<code>)(.*?)(</code>)', flags=re.DOTALL
)
"""A console example's ``<code>`` element; Pygments ends each line's spans at its newline."""
PROMPT = '<span class="gp">'
OUTPUT = '<span class="go">'


def mark_output(html: str) -> str:
    """``html`` with each line of its console examples that has no prompt marked as output."""

    def lines(match: re.Match[str]) -> str:
        marked = []
        for line in match[2].split("\n"):
            plain = not line or line.startswith((PROMPT, OUTPUT))
            marked.append(line if plain else f"{OUTPUT}{line}</span>")
        return match[1] + "\n".join(marked) + match[3]

    return CONSOLE_CODE.sub(lines, html)
