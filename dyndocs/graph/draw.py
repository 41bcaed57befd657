"""Drawing graphs: DOT source, laid out by Graphviz's ``dot`` into an SVG.

The SVG holds operation and parameter names, and the few words nodes are labelled with (output,
leaf, saved, freed), which the site draws in the page's language. It is styled by classes with the
colours of the page around it (Material's CSS variables, with plain fallbacks elsewhere, such as
in a notebook), and has no ids, so several can share a page. ``dot`` is called as a program: the
readers' package needs no Python binding of Graphviz, only the ``graphviz`` package of the system
(installed in Colab; ``apt-get install graphviz`` on Debian).

Examples:
    >>> from dyndocs.graph.model import Edge, Graph, Node
    >>> g = Graph([Node("n0", "MulBackward0", "op"), Node("out", "output", "output", "(3,)")],
    ...           [Edge("n0", "out")])
    >>> print(to_dot([g]).splitlines()[-4])
      n0 [label="MulBackward0" class="graph-op"];
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass

from dyndocs.graph.model import Graph, Node

MAX_NODES = 80
"""Past this many nodes a drawing stops being legible at a page's width; such a graph is refused."""

LAYOUT_FONT = "Liberation Sans"
"""The font ``dot`` measures labels with: metric-compatible with Arial and Helvetica, which the
page's CSS then draws them in."""

STYLE = """
.graph text{font-family:var(--md-text-font-family,-apple-system,Helvetica,Arial,sans-serif);
fill:var(--md-default-fg-color,#222)}
.graph .node path,.graph .node rect,.graph .node polygon,.graph .node ellipse{
fill:var(--md-default-bg-color,#fff);stroke:var(--md-default-fg-color--light,#555)}
.graph .graph-leaf path,.graph .graph-leaf rect,.graph .graph-leaf polygon,
.graph .graph-input path,.graph .graph-input rect,.graph .graph-input polygon{
fill:var(--md-accent-fg-color--transparent,#e3f2fd);stroke:var(--md-accent-fg-color,#1976d2)}
.graph .graph-output ellipse{stroke:var(--md-primary-fg-color,#388e3c);stroke-width:2}
.graph .graph-saved path,.graph .graph-saved rect,.graph .graph-saved polygon{
fill:var(--md-code-bg-color,#fff3e0);stroke-dasharray:3 2}
.graph .graph-stale path,.graph .graph-stale rect,.graph .graph-stale polygon{
fill:var(--md-code-bg-color,#fff3e0);stroke:#e53935;stroke-dasharray:3 2;stroke-width:2}
.graph .graph-call path,.graph .graph-call rect,.graph .graph-call polygon{stroke-width:2}
.graph .graph-highlight path,.graph .graph-highlight rect,.graph .graph-highlight polygon,
.graph .graph-highlight ellipse{stroke:#e53935;stroke-width:2.5}
.graph .edge path{fill:none;stroke:var(--md-default-fg-color--light,#555)}
.graph .edge polygon{fill:var(--md-default-fg-color--light,#555);
stroke:var(--md-default-fg-color--light,#555)}
.graph .graph-edge-saved path{stroke-dasharray:3 2}
.graph .graph-edge-break path{stroke:#e53935;stroke-dasharray:6 3;stroke-width:1.5}
.graph .graph-edge-break polygon{fill:#e53935;stroke:#e53935}
.graph .cluster polygon{fill:none;stroke:var(--md-default-fg-color--lighter,#bbb)}
"""
"""Colours from the page's theme where it has them, so a drawing reads in light and dark; what
differs, and graph breaks, in a red that reads on both."""

SHAPES = {
    "op": 'shape=box style="rounded"',
    "call": 'shape=box style="rounded,bold"',
    "leaf": "shape=box",
    "input": "shape=box",
    "output": "shape=ellipse",
    "saved": "shape=note fontsize=10",
    "stale": "shape=note fontsize=10",
}


class GraphTooLarge(ValueError):
    """A graph with more nodes than a legible drawing holds."""


class GraphvizMissing(RuntimeError):
    """Graphviz's ``dot`` program is not installed."""


def _quote(text: str) -> str:
    """A DOT string: backslashes and quotes escaped, line breaks as ``\\n``."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _node_line(node: Node, prefix: str, ids: bool = False) -> str:
    label = node.label + (f"\n{node.detail}" if node.detail else "")
    classes = f"graph-{node.kind}" + (" graph-highlight" if node.highlight else "")
    classes += f" step-{node.id}" if ids else ""
    extra = "" if node.kind == "op" else f" {SHAPES[node.kind]}"
    return f'  {prefix}{node.id} [label={_quote(label)} class="{classes}"{extra}];'


def to_dot(graphs: list[Graph], max_nodes: int = MAX_NODES, ids: bool = False) -> str:
    """DOT source for ``graphs`` side by side; a graph with a title gets a box of its own.

    With ``ids``, each node's class names its id (``step-n3``) and each edge's its two ends
    (``step-n3-n0``), so that a page's script can show some of them (`dyndocs.graph.steps`).

    Raises:
        GraphTooLarge: More than ``max_nodes`` nodes in all; the message gives the count.
    """
    count = sum(len(g.nodes) for g in graphs)
    if count > max_nodes:
        raise GraphTooLarge(
            f"the graph has {count} nodes, more than the {max_nodes} a drawing stays legible with"
        )
    lines = [
        "digraph G {",
        f'  graph [rankdir=TB bgcolor="transparent" fontname={_quote(LAYOUT_FONT)} fontsize=11'
        " nodesep=0.25 ranksep=0.3 margin=0];",
        f"  node [fontname={_quote(LAYOUT_FONT)} fontsize=12 height=0.3"
        ' margin="0.08,0.03" shape=box style="rounded"];',
        "  edge [arrowsize=0.6];",
    ]
    for index, graph in enumerate(graphs):
        prefix = f"g{index}_" if len(graphs) > 1 else ""  # each graph's ids are its own
        by_cluster: dict[str, list[Node]] = {}
        for node in graph.nodes:
            by_cluster.setdefault(node.cluster, []).append(node)
        indent = ""
        if graph.title and len(graphs) > 1:
            lines.append(f"  subgraph cluster_{index} {{ label={_quote(graph.title)};")
            indent = "  "
        for cluster_index, (cluster, nodes) in enumerate(by_cluster.items()):
            if cluster:
                name = f"cluster_{index}_{cluster_index}"
                lines.append(f"{indent}  subgraph {name} {{ label={_quote(cluster)};")
                lines += [f"{indent}  {_node_line(n, prefix, ids)}" for n in nodes]
                lines.append(f"{indent}  }}")
            else:
                lines += [f"{indent}{_node_line(n, prefix, ids)}" for n in nodes]
        if indent:
            lines.append("  }")
        for edge in graph.edges:
            source, target = prefix + edge.source, prefix + edge.target
            step = f" step-{edge.source}-{edge.target}" if ids else ""
            lines.append(f'  {source} -> {target} [class="graph-edge-{edge.kind}{step}"];')
    lines.append("}")
    return "\n".join(lines)


def layout(dot_source: str) -> str:
    """Run ``dot -Tsvg`` on ``dot_source`` and return the SVG it writes.

    Raises:
        GraphvizMissing: ``dot`` is not on the ``PATH``; the message says how to install it.
    """
    program = shutil.which("dot")
    if program is None:
        raise GraphvizMissing(
            "Graphviz's `dot` is missing: install it with `sudo apt-get install graphviz` "
            "(Debian, Ubuntu) or `brew install graphviz` (macOS)"
        )
    done = subprocess.run(
        [program, "-Tsvg"], input=dot_source, capture_output=True, text=True, check=True
    )
    return done.stdout


def _rounded_box(match: re.Match[str]) -> str:
    """A rounded box, which Graphviz writes as a 30-point path, as the ``rect`` it is."""
    numbers = [float(n) for n in re.findall(r"-?[\d.]+", match[2])]
    xs, ys = numbers[0::2], numbers[1::2]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    radius = right - xs[0]  # the path starts where the top-right corner's curve begins
    return (
        f'{match[1]}<rect x="{left:g}" y="{top:g}" width="{round(right - left, 1):g}" '
        f'height="{round(bottom - top, 1):g}" rx="{round(radius, 1):g}"/>'
    )


def tidy(svg: str) -> str:
    """Graphviz's SVG made fit for a page: no prolog, ids or tooltips; styled by classes."""
    svg = re.sub(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", "", svg, flags=re.DOTALL)
    svg = re.sub(r"<title>.*?</title>", "", svg, flags=re.DOTALL)  # node ids, not for readers
    svg = re.sub(r'\s(?:id|xmlns:xlink)="[^"]*"', "", svg)

    def size(match: re.Match[str]) -> str:  # points to pixels, so that nothing shrinks it
        return f'{match[1]}="{round(float(match[2]) * 4 / 3)}px"'

    svg = re.sub(r'\b(width|height)="([\d.]+)pt"', size, svg, count=2)
    svg = svg.replace("<svg ", '<svg class="graph" ', 1)
    svg = re.sub(r">\s+<", "><", svg.strip())
    # Smaller, not different: tenths of a point are finer than a pixel, and STYLE sets the
    # font, fills and strokes that Graphviz repeats on every element.
    svg = re.sub(r"\d+\.\d{2,}", lambda m: f"{round(float(m[0]), 1):g}", svg)
    svg = re.sub(r' font-family="[^"]*"', "", svg)
    svg = re.sub(r'(<g class="node[^"]*">)<path[^>]*? d="(M[^"]*C[^"]*)"[^>]*/>', _rounded_box, svg)
    svg = re.sub(
        r'<g class="(?:node|edge|cluster)\b.*?</g>',
        lambda m: re.sub(r' (?:fill|stroke)="[^"]*"', "", m[0]),
        svg,
        flags=re.DOTALL,
    )
    return svg.replace("</svg>", f"<style>{' '.join(STYLE.split())}</style></svg>", 1)


def to_svg(graphs: list[Graph], max_nodes: int = MAX_NODES) -> str:
    """``graphs`` drawn side by side, as an SVG string.

    Examples:
        >>> from dyndocs.graph.model import Edge, Graph, Node
        >>> g = Graph([Node("n0", "MulBackward0", "op"), Node("out", "output", "output")],
        ...           [Edge("n0", "out")])
        >>> svg = to_svg([g])
        >>> svg.startswith('<svg class="graph"') and ">MulBackward0</text>" in svg
        True
    """
    return tidy(layout(to_dot(graphs, max_nodes)))


@dataclass
class Drawing:
    """Graphs side by side, as a notebook shows them: an inline SVG, so its labels stay text.

    A notebook prefers HTML to SVG; an SVG output would become an image whose text no screen
    reader or search can read. The drawing is labelled with its nodes, in the order they were read.
    """

    graphs: list[Graph]

    def _repr_html_(self) -> str:
        return html_of(self.graphs, to_svg(self.graphs))


def html_of(graphs: list[Graph], svg: str) -> str:
    """``svg``, the drawing of ``graphs``, as a notebook output: scrolling, labelled with nodes.

    The graphs ride along as JSON (``data-graphs``), so that a page built from the notebook can
    draw them again in its own language.

    Examples:
        >>> from dyndocs.graph.model import Graph, Node
        >>> svg = '<svg class="graph"></svg>'
        >>> out = html_of([Graph([Node("n0", "output", "output")], [])], svg)
        >>> out.startswith('<div class="graph-output" style="overflow-x:auto" data-graphs="[{')
        True
        >>> 'aria-label="output"' in out
        True
    """
    import html
    import json
    from dataclasses import asdict

    label = html.escape(" | ".join(" ← ".join(g.labels()) for g in graphs))
    data = html.escape(json.dumps([asdict(g) for g in graphs], separators=(",", ":")))
    labelled = svg.replace(
        '<svg class="graph"', f'<svg class="graph" role="img" aria-label="{label}"', 1
    )
    div = f'<div class="graph-output" style="overflow-x:auto" data-graphs="{data}">'
    return f"{div}{labelled}</div>"


def show(graphs: Graph | Iterable[Graph]) -> Drawing:
    """What a notebook cell ends with to draw ``graphs``, e.g. ``show(graphs())``.

    Examples:
        >>> from dyndocs.graph.model import Graph, Node
        >>> show(Graph([Node("n0", "output", "output")], [])).graphs[0].labels()
        ['output']
    """
    return Drawing([graphs] if isinstance(graphs, Graph) else list(graphs))
