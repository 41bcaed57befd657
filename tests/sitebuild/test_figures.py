"""sitebuild.pages.figures: a directive becomes a figure in the page's language or fails by name."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from dyndocs.graph.model import Frame, Graph, Node, Steps
from sitebuild.languages.strings import Strings
from sitebuild.pages import stepper
from sitebuild.pages.figures import FigureFailed, Figures, signature
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
        re.sub(r"<title>.*?</desc>", "", p.split("<svg", 1)[1].split("</svg>")[0])
        for p in pages.values()
    }
    assert len(svgs) == 1, "the drawing itself must be the same in every language"


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


def test_the_layout_is_cached_by_its_dot_source(figures: Figures) -> None:
    figures.render(directive("draw"), "en", "page.md")
    (cached,) = figures.cache_dir.glob("*.svg")
    cached.write_text('<svg class="graph">kept</svg>', encoding="utf-8")
    assert "kept" in figures.render(directive("draw"), "en", "page.md")


def test_the_signature_ignores_the_caption() -> None:
    assert signature(directive("draw")) == signature(directive("draw").replace("A caption", "Un"))


def test_a_step_and_a_description_read_in_the_language(figures: Figures) -> None:
    """A step's line in another file names the file where the language puts it, and lists of
    nodes are joined with the language's own separator."""
    graph = Graph([Node("n0", "MulBackward0", "op"), Node("n1", "SumBackward0", "op")], [])
    file = "dyndocs/models/recurrent.py"
    run = Steps(graph, [Frame("added", ("n0", "n1"), ("n0", "n1"), line=76, file=file)])
    expected = {
        "en": f"line 76 of {file}: <code></code> MulBackward0, SumBackward0 joined",
        "zh-hans": f"{file} 第 76 行：<code></code> MulBackward0、SumBackward0 加入",
        "zh-hant": f"{file} 第 76 行：<code></code> MulBackward0、SumBackward0 加入",
    }
    for locale, words in expected.items():
        t = functools.partial(figures.strings.get, locale)
        assert words in stepper.frame_items(run, t), locale
    page = figures.render(directive("draw"), "zh-hans", "page.md")
    description = re.search(r"<desc>(.*?)</desc>", page)
    assert description and "MulBackward0、SumBackward0" in description[1]
