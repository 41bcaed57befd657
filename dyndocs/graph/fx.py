"""What a compiler made of the model: FX graphs from ``torch.compile`` and ``torch.export``.

`fx_graph` reads a ``torch.fx.GraphModule`` (one that
[`CapturedGraphs`][dyndocs.inspect.CapturedGraphs] kept, or an exported program's
``graph_module``); the branches of a ``torch.cond`` become boxes of their own. `joined` puts
several graphs in one drawing and marks the graph breaks between them.

Examples:
    >>> import torch
    >>> from dyndocs.graph import fx_graph
    >>> from dyndocs.inspect import CapturedGraphs
    >>> graphs = CapturedGraphs()
    >>> _ = torch.compile(lambda t: torch.relu(t) * 2, backend=graphs)(torch.ones(2))
    >>> fx_graph(graphs.graphs[0]).labels()
    ['t', 'relu', 'mul', 'output']
"""

from __future__ import annotations

import re

import torch

from dyndocs.graph.model import Edge, Graph, Node


def readable_name(name: str) -> str:
    """A placeholder's name as its source wrote it.

    Examples:
        >>> readable_name("L_self_modules_linear1_parameters_weight_"), readable_name("L_x_")
        ('linear1.weight', 'x')
        >>> readable_name("p_linear2_bias")
        'linear2.bias'
    """
    if match := re.fullmatch(r"L_self_modules_(.+)_parameters_(\w+?)_", name):
        return match[1].replace("_modules_", ".") + "." + match[2]
    if match := re.fullmatch(r"L_(\w+?)_", name):
        return match[1]
    if match := re.fullmatch(r"p_(\w+)_(weight|bias)", name):
        return f"{match[1]}.{match[2]}"
    return name


def _target_name(node: torch.fx.Node) -> str:
    target = node.target
    if isinstance(target, str):
        return target
    name = getattr(target, "__name__", str(target))
    return name.split(".")[0] if node.op == "call_function" else name


def fx_graph(gm: torch.fx.GraphModule, title: str = "", *, prefix: str = "g") -> Graph:
    """The operations of ``gm`` and the data flowing between them.

    Subgraphs that a ``cond`` call runs (``true_graph_0``, ``false_graph_0``) are drawn inside
    boxes named after them, with their results flowing into the ``cond``.
    """
    nodes: list[Node] = []
    edges: list[Edge] = []
    _add(gm, prefix, "", nodes, edges)
    return Graph(nodes, edges, title=title)


def _add(
    gm: torch.fx.GraphModule, prefix: str, cluster: str, nodes: list[Node], edges: list[Edge]
) -> dict[torch.fx.Node, str]:
    ids: dict[torch.fx.Node, str] = {}
    subgraphs: dict[torch.fx.Node, str] = {}
    for node in gm.graph.nodes:
        node_id = f"{prefix}{len(nodes)}"
        sub = getattr(gm, str(node.target), None) if node.op == "get_attr" else None
        if isinstance(sub, torch.fx.GraphModule):
            sub_ids = _add(sub, f"{node_id}_", str(node.target), nodes, edges)
            outputs = [i for n, i in sub_ids.items() if n.op == "output"]
            subgraphs[node] = outputs[0] if outputs else ""
            continue
        if node.op == "placeholder":
            nodes.append(Node(node_id, readable_name(str(node.target)), "input", cluster=cluster))
        elif node.op == "output":
            nodes.append(Node(node_id, "output", "output", cluster=cluster))
        elif node.op == "get_attr":
            nodes.append(Node(node_id, readable_name(str(node.target)), "input", cluster=cluster))
        else:
            name = _target_name(node)
            nodes.append(Node(node_id, name, "call" if name == "cond" else "op", cluster=cluster))
        ids[node] = node_id
        for source in node.all_input_nodes:
            if source in subgraphs:
                if subgraphs[source]:
                    edges.append(Edge(subgraphs[source], node_id))
            elif source in ids:
                edges.append(Edge(ids[source], node_id))
    return ids


def joined(graphs: list[Graph], breaks: list[tuple[int, int]]) -> Graph:
    """Several graphs in one drawing, each in its own box, with graph breaks between them.

    Args:
        graphs: The graphs, each with a title; their nodes need distinct ids (``prefix``).
        breaks: ``(i, j)``: graph ``j`` resumes where graph ``i`` broke off; drawn from ``i``'s
            output to ``j``'s first input.

    Examples:
        >>> a = Graph([Node("a0", "x", "input"), Node("a1", "output", "output")],
        ...           [Edge("a0", "a1")], title="graph 1")
        >>> b = Graph([Node("b0", "h", "input"), Node("b1", "output", "output")],
        ...           [Edge("b0", "b1")], title="graph 2")
        >>> [e.kind for e in joined([a, b], [(0, 1)]).edges]
        ['data', 'data', 'break']
    """
    nodes: list[Node] = []
    edges: list[Edge] = []
    for graph in graphs:
        for node in graph.nodes:
            cluster = f"{graph.title}/{node.cluster}" if node.cluster else graph.title
            nodes.append(Node(node.id, node.label, node.kind, node.detail, node.highlight, cluster))
        edges.extend(graph.edges)
    for before, after in breaks:
        source = [n.id for n in graphs[before].nodes if n.kind == "output" and not n.cluster]
        inputs = [n for n in graphs[after].nodes if n.kind == "input" and not n.cluster]
        # Where the break lands: the data the next graph resumes with, not one of its parameters.
        data = [n.id for n in inputs if "." not in n.label] or [n.id for n in inputs]
        target = data
        if not source or not target:
            raise ValueError(f"graph {before + 1} has no output or graph {after + 1} no input")
        edges.append(Edge(source[-1], target[0], "break"))
    return Graph(nodes, edges)
