"""The notebook pages mkdocs-jupyter renders, styled by Material instead of JupyterLab.

mkdocs-jupyter inlines JupyterLab's whole theme into every notebook page, plus MathJax and Mermaid
set-up scripts, which a page keeps only if it has maths or diagrams. Code cells become Material
code blocks (following the light and dark schemes, with Material's copy button in the page's
language instead of mkdocs-jupyter's English one), prompts are hidden, and a few lines of CSS lay
out the rest. Measured side by side, the English ``notebooks/first-graph/`` weighs 67 KB (14 KB
gzipped) with :func:`slim`, 670 KB (107 KB) without; ``test_build`` fails if mkdocs-jupyter's theme
changes shape and stays in the page.

A graph the notebook's code draws (``dyndocs.graph.draw.html_of``) is drawn again from the graphs it
carries, in the page's language, as the site draws its figures: the kernel knows only English.

mkdocs-jupyter keeps a page's executed cells by the page's text alone; :func:`keyed` adds the key
of running its code, which names the ``dyndocs`` modules it imports, so a change to them runs the
page again.

mkdocs-jupyter makes heading ids from ASCII only, so a Chinese heading got an empty id, and its
table of contents entry another (``_1``); and its Markdown showed ``{#id}`` as text. Here an
explicit id is the heading's id, as on the other pages, and its anchor is Material's ``headerlink``.

Examples:
    >>> page, ids = heading_ids('<h1 id="">第一个计算图<a class="anchor-link" href="#">¶</a></h1>')
    >>> ids, page.startswith('<h1 id="第一个计算图">'), 'href="#第一个计算图"' in page
    (['第一个计算图'], True, True)
    >>> heading_ids('<h2 id="a-a">一步 {#a}<a class="anchor-link" href="#a-a">¶</a></h2>', "链接")
    ('<h2 id="a">一步<a class="headerlink" href="#a" title="链接">¶</a></h2>', ['a'])
"""

from __future__ import annotations

import html
import itertools
import json
import re
from collections.abc import Callable
from typing import Any

from mkdocs.exceptions import PluginError
from pymdownx.slugs import slugify

from sitebuild.pages.figures import FigureFailed

JUPYTER_THEME = re.compile(
    r"<style[^>]*>\s*(?:@charset \"UTF-8\";)?\.jupyter-wrapper\{.*?</style>", re.S
)
PYGMENTS = re.compile(r"<style[^>]*>\s*pre \{ line-height: 125%; \}.*?</style>", re.S)
MERMAID = re.compile(
    r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{'
    r'\s*const diagrams = document\.querySelectorAll\("\.jp-Mermaid.*?'
    r"<!-- End of mermaid configuration -->",
    re.S,
)
MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S)
COPY_BUTTON = re.compile(
    r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>', re.S
)
COPY_TEXT = re.compile(r'<div class="clipboard-copy-txt" id="[^"]*">[^<]*</div>')  # source, escaped
COPY_SCRIPTS = re.compile(
    r"<script>\s*\(function \(global, factory\).*?ClipboardCopyElement.*?</script>\s*"
    r"<script>\s*document\.addEventListener\('clipboard-copy'.*?</script>",
    re.S,
)
HEADING = re.compile(r'<h(?P<level>[1-6]) id="(?P<id>[^"]*)">(?P<body>.*?)</h(?P=level)>', re.S)
# nbconvert writes the attributes again, in its order and with its quotes.
KERNEL_DRAWING = re.compile(
    r'<div class="graph-output"[^>]*? data-graphs=(?:"(?P<dq>[^"]*)"|\'(?P<sq>[^\']*)\')[^>]*>'
    r"\s*<svg .*?</svg>\s*</div>",
    re.S,
)
UNICODE_SLUG = slugify(case="lower")
EXPLICIT_ID = re.compile(r"\s*\{#(?P<id>[\w-]+)\}(?=<|$)")

STYLE = (
    "<style>"
    ".jupyter-wrapper .jp-InputPrompt,.jupyter-wrapper .jp-OutputPrompt,"
    ".jupyter-wrapper .jp-Collapser{display:none}"
    ".jupyter-wrapper .jp-OutputArea-output pre{margin:0 0 1em}"
    ".jupyter-wrapper .jp-RenderedSVG,.jupyter-wrapper .jp-RenderedHTML{overflow-x:auto}"
    "</style>"
)


def without_copy_buttons(content: str) -> str:
    """``content`` without mkdocs-jupyter's copy buttons, the copies of the cells' source they read
    and their script: the code cells get Material's (:func:`slim`)."""
    found = len(COPY_BUTTON.findall(content)), len(COPY_TEXT.findall(content))
    if found[0] != found[1] or (found[0] and not COPY_SCRIPTS.search(content)):
        raise PluginError(f"mkdocs-jupyter's copy buttons changed shape: {found}")
    return COPY_SCRIPTS.sub("", COPY_TEXT.sub("", COPY_BUTTON.sub("", content)))


def slim(page: str) -> str:
    """The notebook page without JupyterLab's theme, and its code cells as Material code blocks."""
    page = PYGMENTS.sub("", JUPYTER_THEME.sub("", page))
    if "jp-Mermaid" not in page.split("<!-- End of mermaid configuration -->")[-1]:
        page = MERMAID.sub("", page)
    maths = page.split("<!-- End of mathjax configuration -->")[-1]
    if not re.search(r"\$\$|\\\(|\\\[|<math", maths):
        page = MATHJAX.sub("", page)
    # The search index leaves these blocks out (sitebuild/html/search.py): the mark may be there.
    page = re.sub(
        r'(?s)<div (data-search-exclude )?class="highlight-ipynb hl-python"><pre>(.*?)</pre>',
        r'<div \1class="highlight-ipynb hl-python highlight"><pre><code>\2</code></pre>',
        page,
    )
    # nbformat gives each cell a random id when jupytext reads the page: numbered in order
    # instead, a clean build writes the same page every time.
    numbers = itertools.count(1)
    page = re.sub(r'id="cell-id=[\w-]+"', lambda _: f'id="cell-{next(numbers)}"', page)
    page = re.sub(
        r'(?s)(<div (?:data-search-exclude )?class="jp-RenderedText jp-OutputArea-output[^"]*"'
        r"[^>]*>\s*<pre>)(.*?)</pre>",
        r"\1<code>\2</code></pre>",
        page,
    )
    return page.replace("</head>", STYLE + "</head>", 1)


def keyed(page: str, key: str, where: str) -> str:
    """``page``, a jupytext Markdown notebook (``where``), with ``key`` in its notebook metadata.

    Examples:
        >>> print(keyed("---\\njupyter:\\n  jupytext: {}\\n---\\n# Title", "3f2a", "p.md"))
        ---
        jupyter:
          dyndocs_run: 3f2a
          jupytext: {}
        ---
        # Title
    """
    if not page.startswith("---\njupyter:\n"):
        raise PluginError(f"{where}: a notebook page begins with its jupytext header (jupyter:)")
    return page.replace("\njupyter:\n", f"\njupyter:\n  dyndocs_run: {key}\n", 1)


def redraw(content: str, draw: Callable[[list[dict[str, Any]]], str], page: str) -> str:
    """``content`` with each drawing the kernel made replaced by ``draw`` of the graphs it carries.

    Raises:
        PluginError: A drawing's graphs do not load or draw; the message names ``page``.
    """

    def replace(match: re.Match[str]) -> str:
        try:
            return draw(json.loads(html.unescape(match["dq"] or match["sq"] or "")))
        except (FigureFailed, ValueError, KeyError, TypeError) as error:
            raise PluginError(f"{page}: a graph drawn by a notebook cell: {error}") from error

    return KERNEL_DRAWING.sub(replace, content)


def heading_ids(content: str, permalink: str = "") -> tuple[str, list[str]]:
    """``content`` with every heading's empty id made a Unicode slug of its text and its anchor
    titled ``permalink`` (as on Markdown pages), and every heading's id in order, for the TOC."""
    ids: list[str] = []

    def replace(match: re.Match[str]) -> str:
        found, body = match["id"], match["body"]
        if explicit := EXPLICIT_ID.search(body):
            found, body = explicit["id"], body.replace(explicit[0], "", 1)
        elif not found:
            text = html.unescape(re.sub(r"<[^>]+>", "", match["body"])).replace("¶", "").strip()
            base = UNICODE_SLUG(text, "-") or f"section-{len(ids) + 1}"
            found, number = base, 1
            while found in ids:
                number += 1
                found = f"{base}-{number}"
        ids.append(found)
        titled = f' title="{html.escape(permalink)}"' if permalink else ""
        # Material's class: styled as on the other pages, and left out of search titles ("¶")
        anchor = f'class="headerlink" href="#{found}"{titled}'
        body = re.sub(r'class="anchor-link" href="#[^"]*"', anchor, body)
        return f'<h{match["level"]} id="{found}">{body}</h{match["level"]}>'

    return HEADING.sub(replace, content), ids


def renumber_toc(toc: Any, ids: list[str], page: str) -> None:
    """Point a page's table of contents at ``ids``, the headings' ids in document order."""
    items: list[Any] = []

    def walk(links: Any) -> None:
        for link in links:
            items.append(link)
            walk(link.children)

    walk(toc)
    if len(items) > len(ids):
        raise PluginError(
            f"{page}: the table of contents has {len(items)} entries, the page {len(ids)} headings"
        )
    for link, found in zip(items, ids, strict=False):
        link.id, link.title = found, EXPLICIT_ID.sub("", link.title)
