"""Figures a page's own example code produces: graph drawings, result tables and steppers.

Three directives, identical in every language but for the caption after ``|``::

    <!-- graph: snippets/concepts/static-vs-dynamic/graph_per_call.py:graphs | The caption -->
    <!-- table: snippets/concepts/limits-and-torch-compile/every_way.py:rows | The caption -->
    <!-- steps: snippets/notebooks/first-graph/stepped.py:stepped | The caption -->

The build runs the snippet (once per content), calls the function, and draws what it returns:
for ``graph``, one or several :class:`dyndocs.graph.Graph` as an inline SVG titled and described in
the page's language; for ``table``, ``{"columns": [...], "rows": [...]}`` as a table headed by the
language's ``table.<column>`` strings; for ``steps``, a :class:`dyndocs.graph.Steps` as a stepper
(:mod:`sitebuild.pages.stepper`). SVGs are cached by DOT source, Graphviz version and drawing code.

Examples:
    >>> match = DIRECTIVE.search("<!-- graph: snippets/a.py:draw | Two graphs -->")
    >>> match["kind"], match["path"], match["function"], match["caption"]
    ('graph', 'snippets/a.py', 'draw', 'Two graphs')
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from dyndocs.graph import draw as draw_module
from dyndocs.graph.draw import GraphvizMissing, html_of, layout, tidy, to_dot
from dyndocs.graph.model import Graph, Node, Steps, format_bytes
from sitebuild.languages.strings import Strings
from sitebuild.pages import comments, stepper
from sitebuild.runs import cachefiles
from sitebuild.runs.runner import CodeRunner, RunFailed

DIRECTIVE = re.compile(
    r"^[ \t]*<!--\s*(?P<kind>graph|table|steps):\s*(?P<path>[\w./-]+\.py):(?P<function>\w+)"
    r"\s*\|\s*(?P<caption>.*?)\s*-->[ \t]*$",
    re.MULTILINE,
)
NODE_WORDS = ("output", "leaf", "saved", "freed", "changed_in_place")
"""The words dyndocs.graph labels nodes with, drawn in the page's language (``graph.node``)."""
PROSE = re.compile(r"(?<![\w.])[A-Za-z]{2,} (?:[A-Za-z]{2,}|\d+)\b")
"""A title in words (``graph 1``, ``after backward()``), not code: ``graph.titles`` words it."""
MARK = "@@figure-data@@ "  # a line no example prints
TRAILER = """

# --- added by the site build: what the page draws ---
import json as _json

if "{function}" not in globals() or not callable(globals()["{function}"]):
    raise SystemExit("{path} defines no function {function}()")
_made = {function}()
if "{kind}" == "graph":
    from dyndocs.graph import Graph as _Graph

    _made = [_made] if isinstance(_made, _Graph) else list(_made)
    _made = [_json.loads(_g.to_json()) for _g in _made]
if "{kind}" == "steps":
    _made = _made.to_dict()
print({mark!r} + _json.dumps(_made))
"""


class FigureFailed(PluginError):
    """A directive names a missing snippet or function, its code raised, or it drew too much."""


FAILURES = (FigureFailed, RunFailed, GraphvizMissing, ValueError, KeyError)
"""What rendering a directive raises when its snippet, its data or a string is wrong."""


def failed(page: str, directive: re.Match[str], error: Exception) -> str:
    """``error`` (one of FAILURES) naming ``page`` and the ``directive`` it came from."""
    where = f"<!-- {directive['kind']}: {directive['path']}:{directive['function']} -->"
    return f"{page}: {where}: {error}"


@dataclass(frozen=True)
class Figures:
    """Renders the figure directives of pages, in their language."""

    runner: CodeRunner
    cache_dir: Path
    """Where laid-out SVGs are kept, by the digest of their DOT source."""
    strings: Strings

    def render(self, markdown: str, locale: str, page: str) -> str:
        """Replace every directive of ``markdown``; errors name the page and the directive."""

        def replace(match: re.Match[str]) -> str:
            try:
                data = self.data(match["kind"], match["path"], match["function"])
                if match["kind"] == "graph":
                    block = self._graph(data, match["caption"], locale)
                elif match["kind"] == "steps":
                    source = (self.runner.root / match["path"]).read_text(encoding="utf-8")
                    run = stepper.in_section(Steps.from_dict(data), source)
                    block = self._steps(run, match["caption"], locale)
                else:
                    caption = html.escape(match["caption"])
                    block = self.table_markdown(data, locale) + "\n\n"
                    block += f'<p class="table-caption"><small>{caption}</small></p>'
            except FAILURES as error:
                raise FigureFailed(failed(page, match, error)) from error
            return "\n" + block + "\n"  # blank lines: a block of its own

        rendered = DIRECTIVE.sub(replace, markdown)
        if bad := re.search(r"^\s*<!--\s*(?:graph|table|steps)\s*:.*", rendered, re.M):
            raise FigureFailed(f"{page}: a directive that does not parse: {bad[0].strip()}")
        if any(m["kind"] == "steps" for m in DIRECTIVE.finditer(markdown)):
            rendered += "\n\n" + stepper.assets() + "\n"
        return rendered

    def data(self, kind: str, path: str, function: str) -> Any:
        """What ``function()`` of ``path`` returns, from one run of the snippet, cached."""
        snippet = self.runner.root / path
        if not snippet.is_file():
            raise FigureFailed(f"no snippet {path}")
        trailer = TRAILER.format(function=function, path=path, kind=kind, mark=MARK)
        code = snippet.read_text(encoding="utf-8") + trailer
        output = self.runner.run(code, name=path).stdout
        lines = [line for line in output.splitlines() if line.startswith(MARK)]
        if not lines:
            raise FigureFailed(f"{path}:{function}() printed no figure data")
        return json.loads(lines[-1].removeprefix(MARK))

    def _svg(self, graphs: list[Graph], ids: bool = False) -> str:
        dot = to_dot(graphs, ids=ids)
        key = hashlib.sha256((dot + _drawn_by()).encode()).hexdigest()[:20]
        return cachefiles.kept(self.cache_dir, f"{key}.svg", lambda: tidy(layout(dot)))

    def _in_language(self, graphs: list[Graph], locale: str) -> list[Graph]:
        """``graphs`` with their node words (:data:`NODE_WORDS`) and titles in words
        (``graph.titles``, keyed by the English title) in ``locale``."""
        t = partial(self.strings.get, locale)

        def title(text: str) -> str:  # a box's title too: "graph 1/true_branch"
            parts = text.split("/")
            for i, part in enumerate(parts):
                if self.strings.has(locale, f"graph.titles.{part}"):
                    parts[i] = t(f"graph.titles.{part}")
                elif PROSE.search(part):
                    raise FigureFailed(f"the title {part!r} has no graph.titles entry in {locale}")
            return "/".join(parts)

        def node(n: Node, graph: Graph) -> Node:
            n = replace(n, cluster=title(n.cluster))
            key = n.label.replace(" ", "_")
            if key not in NODE_WORDS:
                return n
            detail, saved = n.detail, None if n.saved is None else graph.saved[n.saved]
            if saved is not None and saved.now != saved.version:  # changed in place since saved
                base = t("graph.node.base", base=saved.base) if saved.base is not None else ""
                versions = t("graph.node.versions", saved=saved.version, now=saved.now)
                detail = detail.split("\n")[0] + "\n" + versions + base
            return replace(n, label=t(f"graph.node.{key}"), detail=detail)

        return [
            replace(g, nodes=[node(n, g) for n in g.nodes], title=title(g.title)) for g in graphs
        ]

    def _graph(self, data: list[dict[str, Any]], caption: str, locale: str) -> str:
        t = partial(self.strings.get, locale)
        graphs = self._in_language([Graph.from_dict(d) for d in data], locale)
        labelled = self._labelled(self._svg(graphs), caption, graphs, locale)
        kinds = {n.kind for g in graphs for n in g.nodes}
        order = ("op", "leaf", "input", "output", "saved", "stale")
        legend = [t(f"graph.legend.{kind}") for kind in order if kind in kinds]
        if any(n.highlight for g in graphs for n in g.nodes):
            legend.append(t("graph.legend.highlight"))
        if any(e.kind == "break" for g in graphs for e in g.edges):
            legend.append(t("graph.legend.break"))
        separator = t("punctuation.separator")
        return (
            '<figure class="graph-figure">'
            # data-search-exclude: search indexes the caption, not the drawing's markup
            '<div class="graph-scroll" data-search-exclude>'
            f"{labelled}</div>"
            f"<figcaption>{html.escape(caption)}"
            f'<br><small class="graph-legend">{html.escape(separator.join(legend))}</small>'
            "</figcaption></figure>"
        )

    def _labelled(self, svg: str, caption: str, graphs: list[Graph], locale: str) -> str:
        """``svg`` as an image titled with the caption and described in ``locale``."""
        description = " ".join(self._describe(g, locale) for g in graphs)
        # The <title> names the image for screen readers; the figcaption shows the caption.
        words = f"<title>{html.escape(caption)}</title><desc>{html.escape(description)}</desc>"
        labelled = svg.replace('<svg class="graph"', '<svg class="graph" role="img"', 1)
        return re.sub(r"<svg [^>]*>", lambda m: m[0] + words, labelled, count=1)

    def _steps(self, run: Steps, caption: str, locale: str) -> str:
        """A stepper over the final graph, drawn once, its nodes' classes naming their ids. A freed
        tensor is drawn saved: the steps mark it freed (``step-freed``) when backward frees it."""
        nodes = [
            replace(n, label="saved", kind="saved") if n.label == "freed" else n
            for n in run.graph.nodes
        ]
        run = replace(run, graph=self._in_language([replace(run.graph, nodes=nodes)], locale)[0])
        svg = self._labelled(self._svg([run.graph], ids=True), caption, [run.graph], locale)
        table = comments.load(self.runner.root / "i18n", locale)  # none in English: the keys
        code_of = (lambda line: comments.translate_line(line, table)) if table else str
        return stepper.figure(run, svg, caption, partial(self.strings.get, locale), code_of)

    def _describe(self, graph: Graph, locale: str) -> str:
        """What a screen reader hears of ``graph``: an FX graph's inputs (it has ``input`` nodes),
        or an autograd graph's leaves and the bytes it saved for backward."""
        t = partial(self.strings.get, locale)
        join = t("punctuation.list").join
        ops = join(n.label for n in reversed(graph.nodes) if n.kind in {"op", "call"}) or "—"
        inputs = [n.label for n in graph.nodes if n.kind == "input"]
        if inputs:
            tail = t("graph.described_fx", inputs=join(inputs))
        else:
            leaves = join(n.label for n in graph.nodes if n.kind == "leaf") or "—"
            saved = format_bytes(sum(s.nbytes for s in graph.saved if not s.freed))
            tail = t("graph.described_autograd", leaves=leaves, saved=saved)
        title = graph.title or t("graph.untitled")
        nodes, edges = len(graph.nodes), len(graph.edges)
        return t("graph.description", title=title, nodes=nodes, edges=edges, ops=ops) + tail

    def table_markdown(self, data: dict[str, Any], locale: str) -> str:
        """A table function's result as a Markdown table, headers in ``locale``."""
        t = partial(self.strings.get, locale)
        columns = list(data["columns"])
        header = [t(f"table.{column}") for column in columns]
        lines = [f"| {' | '.join(header)} |", "|" + "---|" * len(columns)]
        for row in data["rows"]:
            cells = (_cell(row.get(c), t("punctuation.list")) for c in columns)
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines)

    def steps_text(self, data: dict[str, Any], locale: str) -> str:
        """A stepper's steps as the numbered list a notebook cell prints, in ``locale``."""
        run = Steps.from_dict(data)
        run = replace(run, graph=self._in_language([run.graph], locale)[0])
        return stepper.frame_lines(run, partial(self.strings.get, locale))

    def drawing_html(self, data: list[dict[str, Any]], locale: str) -> str:
        """A graph function's result drawn as a notebook shows it (``show(...)``), in ``locale``."""
        graphs = self._in_language([Graph.from_dict(d) for d in data], locale)
        return html_of(graphs, self._svg(graphs))


def _cell(value: Any, separator: str = ", ") -> str:
    """A table cell: yes/no as ✓ and ✗, lists joined, text as code, nothing as —."""
    if value is None or value == [] or value == "":
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        return separator.join(_cell(v) for v in value)
    if isinstance(value, int | float):
        return f"{value:g}"
    text = str(value).replace("|", "\\|").replace("`", "'")
    return f"`{text}`"


@lru_cache(maxsize=1)
def _drawn_by() -> str:
    """What an SVG depends on beside its DOT: Graphviz's version and dyndocs' drawing code."""
    program = shutil.which("dot")
    dot = subprocess.run([program, "-V"], capture_output=True, text=True).stderr if program else ""
    code = hashlib.sha256(Path(draw_module.__file__).read_bytes()).hexdigest()
    return (dot.strip() or "none") + code
