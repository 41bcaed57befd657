"""sitebuild.pages.figures: a directive becomes a figure in the page's language or fails by name."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from dyndocs.graph.model import Frame, Graph, Node, Steps
from sitebuild.languages.strings import Strings
from sitebuild.pages import stepper
from sitebuild.pages.figures import DIRECTIVE, FigureFailed, Figures
from sitebuild.project import Project
from sitebuild.runs.runner import CodeRunner

GOOD = """import torch
from dyndocs.graph import Graph, graph_of

x = torch.ones(3, requires_grad=True)
print("a snippet prints what it prints")


def draw() -> Graph:
    return graph_of((x * 2).sum(), leaf_names={"x": x}, title="x * 2")


def table() -> dict:
    return {"columns": ["way", "right_first", "error"],
            "rows": [{"way": "eager", "right_first": True}, {"way": "trace", "error": "Oops"}]}


def too_big() -> Graph:
    y = x
    for _ in range(100):
        y = y * 1.5
    return graph_of(y.sum())


def fails() -> Graph:
    raise RuntimeError("this drawing is broken")


def worded() -> list[Graph]:
    return [graph_of((x * 2).sum(), title=t) for t in ("before backward()", "graph 2")]


def after_backward() -> Graph:
    from dyndocs.graph import record

    return record(lambda: (x.exp() * 2).sum(), leaf_names={"x": x}, then=lambda y: y.backward())


def stepped():
    from dyndocs.graph import steps

    def run():
        loss = (x.exp() * 2).sum()
        loss.backward()
        return loss

    return steps(run)


def unworded() -> Graph:
    return graph_of((x * 2).sum(), title="an untranslated title")
"""


@pytest.fixture
def figures(tmp_path: Path, project: Project, runner: CodeRunner) -> Figures:
    """Figures of a tiny repository that holds one snippet, drawn with the real strings."""
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "example.py").write_text(GOOD, encoding="utf-8")
    local = CodeRunner(tmp_path, tmp_path / "runs", zygotes=runner.zygotes)
    return Figures(local, tmp_path / "graphs", Strings.load(project.i18n, project.locales))


def directive(function: str, kind: str = "graph", path: str = "snippets/example.py") -> str:
    return f"Intro\n\n<!-- {kind}: {path}:{function} | A caption for the reader -->\n\nMore\n"


def test_a_graph_directive_becomes_a_described_figure(figures: Figures, project: Project) -> None:
    pages = {
        locale: figures.render(directive("draw"), locale, "page.md") for locale in project.locales
    }
    for locale, page in pages.items():
        assert "<!--" not in page and "<figure" in page
        assert "<title>A caption for the reader</title>" in page
        description = re.search(r"<desc>(.*?)</desc>", page)
        assert description and "MulBackward0" in description[1]
        legend = figures.strings.get(locale, "graph.legend.op")
        assert legend in page, f"{locale}: the legend is not in the page's language"
    svgs = {
        locale: re.sub(r"<title>.*?</desc>", "", p.split("<svg", 1)[1].split("</svg>")[0])
        for locale, p in pages.items()
    }
    for locale, svg in svgs.items():  # the drawing's own words are in the page's language
        output = figures.strings.get(locale, "graph.node.output")
        assert f">{output}<" in svg, f"{locale}: the output node is not labelled {output!r}"
        assert locale == "en" or ">output<" not in svg, f"{locale}: an English word in the drawing"
    shapes = {svg.count("<g") for svg in svgs.values()}
    assert len(shapes) == 1, "the drawings differ between languages in more than their words"


def test_a_table_directive_becomes_a_table_with_headers_in_the_language(
    figures: Figures, project: Project
) -> None:
    for locale in project.locales:
        page = figures.render(directive("table", "table"), locale, "page.md")
        header = f"| {figures.strings.get(locale, 'table.way')} |"
        assert header in page
        assert "| `eager` | ✓ | — |" in page and "| `trace` | — | `Oops` |" in page


@pytest.mark.parametrize(
    ("function", "path", "expected"),
    [
        ("draw", "snippets/missing.py", "no snippet snippets/missing.py"),
        ("nowhere", "snippets/example.py", "defines no function nowhere"),
        ("fails", "snippets/example.py", "this drawing is broken"),
        ("too_big", "snippets/example.py", r"the graph has \d+ nodes"),
    ],
    ids=["missing-snippet", "missing-function", "code-that-raises", "too-large"],
)
def test_a_bad_directive_fails_naming_the_page_and_the_directive(
    figures: Figures, function: str, path: str, expected: str
) -> None:
    where = rf"docs/en/page\.md: <!-- graph: {re.escape(path)}:{function} -->"
    with pytest.raises(FigureFailed, match=f"(?s){where}.*{expected}"):
        figures.render(directive(function, path=path), "en", "docs/en/page.md")


def test_a_title_in_words_is_drawn_and_described_in_the_language(figures: Figures) -> None:
    """The page's figure and the notebook's drawing title a graph with ``graph.titles``, and a
    title in English words without an entry fails, naming the page, the directive and the title."""
    data = figures.data("graph", "snippets/example.py", "worded")
    for locale in ("zh-hans", "zh-hant"):
        titles = [
            figures.strings.get(locale, f"graph.titles.{t}")
            for t in ("before backward()", "graph 2")
        ]
        page = figures.render(directive("worded"), locale, "page.md")
        notebook = figures.drawing_html(data, locale)
        for shown in (page.split("<desc>")[1], page.split("</desc>")[1], notebook):
            assert all(title in shown for title in titles), (locale, titles)
            assert "before backward" not in shown and ">graph 2<" not in shown, locale
        output = figures.strings.get(locale, "graph.node.output")
        assert f">{output}<" in notebook and ">output<" not in notebook, locale
    where = r"docs/zh-hant/page\.md: <!-- graph: snippets/example\.py:unworded -->"
    with pytest.raises(FigureFailed, match=f"{where}: the title 'an untranslated title'"):
        figures.render(directive("unworded"), "zh-hant", "docs/zh-hant/page.md")


def test_the_layout_is_cached_by_its_dot_source(figures: Figures) -> None:
    figures.render(directive("draw"), "en", "page.md")
    (cached,) = figures.cache_dir.glob("*.svg")
    cached.write_text('<svg class="graph">kept</svg>', encoding="utf-8")
    assert "kept" in figures.render(directive("draw"), "en", "page.md")


def test_the_signature_ignores_the_caption() -> None:
    signature = lambda text: [m[:3] for m in DIRECTIVE.findall(text)]  # noqa: E731
    assert signature(directive("draw")) == signature(directive("draw").replace("A caption", "Un"))


def test_a_step_and_a_description_read_in_the_language(figures: Figures) -> None:
    """A step quotes its statement without the comment, names the file of a line elsewhere where
    the language puts it, and joins nodes with the language's own separator."""
    graph = Graph([Node("n0", "MulBackward0", "op"), Node("n1", "SumBackward0", "op")], [])
    file, code = "dyndocs/models/recurrent.py", "h = h * 2  # twice"
    run = Steps(graph, [Frame("added", ("n0", "n1"), ("n0", "n1"), line=76, file=file, code=code)])
    expected = {
        "en": f"line 76 of {file}, <code>h = h * 2</code>: MulBackward0, SumBackward0 joined",
        "zh-hans": f"{file} 第 76 行 <code>h = h * 2</code>：MulBackward0、SumBackward0 已加入",
        "zh-hant": f"{file} 第 76 行 <code>h = h * 2</code>：MulBackward0、SumBackward0 已加入",
    }
    for locale, words in expected.items():
        t = functools.partial(figures.strings.get, locale)
        assert words in stepper.frame_items(run, t), locale
    page = figures.render(directive("draw"), "zh-hans", "page.md")
    description = re.search(r"<desc>(.*?)</desc>", page)
    assert description and "MulBackward0、SumBackward0" in description[1]


def test_a_steps_lines_count_from_the_section_the_page_shows() -> None:
    """The page's block and the notebook's cell both start at a section's first line: a step's
    line is counted from there, and a line in another file, or outside any section, is kept."""
    source = "import torch\n# --8<-- [start:steps]\nx = 1\ny = 2\n# --8<-- [end:steps]\nz = 3\n"
    frames = [Frame("added", (), (), line=4), Frame("ran", (), (), line=9, file="other.py")]
    run = Steps(Graph([], []), frames)
    assert [f.line for f in stepper.in_section(run, source).frames] == [2, 9]
    outside = Steps(Graph([], []), [Frame("added", (), (), line=6)])
    assert [f.line for f in stepper.in_section(outside, source).frames] == [6]


def test_tensors_backward_freed_are_not_counted_as_held_and_step_from_saved_to_freed(
    figures: Figures,
) -> None:
    """After backward, the description holds 0 B; the stepper draws a tensor saved (its steps
    mark it freed), not freed from its first step."""
    page = figures.render(directive("after_backward"), "zh-hant", "page.md")
    freed = figures.strings.get("zh-hant", "graph.node.freed")
    assert f">{freed}<" in page, "the graph read after backward draws its tensor freed"
    assert re.search(r"<desc>[^<]*：0 B。</desc>", page), "freed bytes are described as held"
    stepper_page = figures.render(directive("stepped", "steps"), "zh-hant", "page.md")
    drawing = stepper_page.split("<svg", 1)[1].split("</svg>")[0]
    saved = figures.strings.get("zh-hant", "graph.node.saved")
    assert f">{freed}<" not in drawing and f">{saved}<" in drawing
    assert re.search(r'data-freed="[^"]+"', stepper_page), "no step marks the tensor freed"
