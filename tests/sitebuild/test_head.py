"""sitebuild.html.head, search and notebook_pages: the page-level fixes, on small inputs."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from dyndocs.graph.draw import html_of
from dyndocs.graph.model import Graph, Node
from sitebuild.html import head, search
from sitebuild.pages import notebook_pages


def test_the_description_is_the_first_paragraph_of_the_pages_own() -> None:
    page = (
        '<h1>T</h1><p class="notebook-links"><a href="x.ipynb">Download the notebook</a></p>'
        '<div class="admonition note"><p class="admonition-title">Note</p><p>An aside, not the'
        " opening words of the page.</p></div><p>The graph is <code>recorded</code> as it runs.</p>"
    )
    assert head.description_of(page) == "The graph is recorded as it runs."
    with pytest.raises(PluginError, match="the page: no paragraph"):
        head.description_of("<h1>T</h1><pre><p>code, not prose, at all here</p></pre>")


def test_a_long_description_ends_at_a_sentence_when_it_can() -> None:
    chinese = "动态图在每次前向传播时重新构建。" * 3 + "所以它能随输入改变结构，" * 10
    short = head.shorten(chinese, head.LIMIT["zh"])
    assert short.endswith("。") and len(short) <= head.LIMIT["zh"]
    english = "word " * 60
    cut = head.shorten(english.strip(), 160)
    assert cut.endswith("…") and len(cut) <= 161 and not cut.endswith(" …")


def test_alternates_are_absolute_with_x_default() -> None:
    roots = {"en": "", "zh-hans": "zh-hans/", "zh-hant": "zh-hant/"}
    found = head.alternates("https://example.org/guide", "tips/", roots)
    assert [a["hreflang"] for a in found] == ["en", "zh-Hans", "zh-Hant", "x-default"]
    assert found[2]["href"] == "https://example.org/guide/zh-hant/tips/"


def test_the_search_dialog_gets_a_name_once() -> None:
    page = '<div class="md-search" data-md-component="search" role="dialog">'
    named = search.name_dialogs(page, "搜尋")
    assert named.endswith('role="dialog" aria-label="搜尋">')
    assert search.name_dialogs(named, "again") == named


def test_a_notebook_page_loses_jupyterlabs_theme_and_random_ids_but_keeps_its_maths() -> None:
    page = (
        "<head><style>.jupyter-wrapper{--md-red-50: #ffebee}</style></head>"
        '<!-- Load mathjax --><script src=""> </script><!-- MathJax configuration -->'
        "<!-- End of mathjax configuration -->"
        '<div class="jp-Cell" id="cell-id=4db37b36"><div class="jp-Cell" id="cell-id=018c6667">'
        '<div class="highlight-ipynb hl-python"><pre><span>x</span>\n</pre></div>'
    )
    slim = notebook_pages.slim(page)
    assert 'id="cell-1"><div class="jp-Cell" id="cell-2">' in slim, "nbformat's random ids"
    assert "--md-red-50" not in slim and "MathJax" not in slim
    assert '<div class="highlight-ipynb hl-python highlight"><pre><code><span>x</span>' in slim
    assert slim.count("</code></pre>") == 1
    with_maths = notebook_pages.slim(page + "<p>$$x^2$$</p>")
    assert "MathJax configuration" in with_maths


def test_a_notebook_page_keeps_materials_copy_buttons_alone() -> None:
    scripts = (
        "<script>\n(function (global, factory) {\n global.ClipboardCopyElement = factory();\n"
        "}));\n</script>\n<script>\n document.addEventListener('clipboard-copy', f)\n</script>"
    )
    cell = (
        '<div class="zeroclipboard-container">\n<clipboard-copy for="cell-1">'
        '<div><span class="notice" hidden>Copied!</span></div></clipboard-copy>\n</div>'
        '<div class="highlight-ipynb hl-python"><pre>x = 1</pre></div>'
        '<div class="clipboard-copy-txt" id="cell-1">x = 1</div>'
    )
    content = notebook_pages.without_copy_buttons(scripts + cell)
    assert content == '<div class="highlight-ipynb hl-python"><pre>x = 1</pre></div>'
    with pytest.raises(PluginError, match="copy buttons changed shape"):
        notebook_pages.without_copy_buttons(cell)  # a button whose script is no longer there


def test_the_table_of_contents_follows_the_fixed_ids() -> None:
    content, ids = notebook_pages.heading_ids('<h1 id="">计算图</h1><h2 id="x-x">X {#x}</h2>')
    child = SimpleNamespace(id="x-x", title="X {#x}", children=[])
    toc = [SimpleNamespace(id="_1", title="计算图", children=[child])]
    notebook_pages.renumber_toc(toc, ids, "page")
    assert toc[0].id == "计算图" and (child.id, child.title) == ("x", "X")
    with pytest.raises(PluginError, match="page: the table of contents has 2 entries"):
        notebook_pages.renumber_toc(toc, ids[:1], "page")


def test_a_drawing_a_cell_made_is_drawn_again_from_the_graphs_it_carries() -> None:
    graph = Graph([Node("n0", "output", "output")], [])
    made = html_of([graph], '<svg class="graph"><text>output</text></svg>')
    # nbconvert writes the attributes again, in its order and with single quotes.
    data = re.search(r'data-graphs="([^"]*)"', made)[1]
    rewritten = f'<p>a</p><div class="graph-output" data-graphs=\'{data}\' style="x">\n'
    rewritten += '<svg class="graph"><text>output</text></svg>\n</div><p>b</p>'
    drawn = []
    page = notebook_pages.redraw(rewritten, lambda d: drawn.append(d) or "<svg>输出</svg>", "p.md")
    assert page == "<p>a</p><svg>输出</svg><p>b</p>"
    assert [Graph.from_dict(d) for d in drawn[0]] == [graph]
    broken = rewritten.replace("nodes", "nodes\\u", 1)
    with pytest.raises(PluginError, match="p.md: a graph drawn by a notebook cell"):
        notebook_pages.redraw(broken, lambda d: "", "p.md")
