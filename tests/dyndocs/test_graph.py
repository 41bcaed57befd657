"""dyndocs.graph: every node and edge drawn is one the recorded graph really has.

Checked three ways: against a raw walk of ``grad_fn``, against torchviz's ``make_dot`` (a
test-only peer), and against the SVG that Graphviz lays out.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
import torch
from torch import nn

from dyndocs.graph import (
    Graph,
    GraphTooLarge,
    GraphvizMissing,
    fx_graph,
    graph_of,
    joined,
    record,
    to_dot,
    to_svg,
)
from dyndocs.graph import draw as draw_module
from dyndocs.inspect import CapturedGraphs, saved_bytes
from dyndocs.models.branching import ConditionalModel, DynamicModel
from dyndocs.models.compiled import CondModel


def raw_walk(output: torch.Tensor) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    """Backward node names and (child, parent) name pairs, by following grad_fn by hand."""
    names: Counter[str] = Counter()
    edges: Counter[tuple[str, str]] = Counter()
    seen: set[int] = set()
    stack = [output.grad_fn]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        name = node.name().removeprefix("torch::autograd::")
        names[name] += 1
        for child, _ in node.next_functions:
            if child is not None:
                edges[(child.name().removeprefix("torch::autograd::"), name)] += 1
                stack.append(child)
    return names, edges


def drawn(graph: Graph) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    """The same, from the model: leaves stand for AccumulateGrad, as in autograd."""
    label = {n.id: ("AccumulateGrad" if n.kind == "leaf" else n.label) for n in graph.nodes}
    ops = Counter(label[n.id] for n in graph.nodes if n.kind in {"op", "leaf"})
    edges = Counter(
        (label[e.source], label[e.target])
        for e in graph.edges
        if e.kind == "data" and graph.node(e.target).kind != "output"
    )
    return ops, edges


@pytest.fixture
def models() -> list[tuple[nn.Module, torch.Tensor]]:
    torch.manual_seed(0)
    mlp = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    rnn = nn.RNN(3, 5)
    dynamic = DynamicModel()
    return [
        (mlp, mlp(torch.randn(2, 4)).sum()),
        (rnn, rnn(torch.randn(4, 1, 3))[0].sum()),
        (dynamic, dynamic(torch.randn(1, 10), condition=0.1)),
    ]


def test_every_node_and_edge_is_in_the_recorded_graph(
    models: list[tuple[nn.Module, torch.Tensor]],
) -> None:
    for module, output in models:
        assert drawn(graph_of(output, module)) == raw_walk(output), type(module).__name__


@pytest.mark.filterwarnings("ignore:distutils Version classes:DeprecationWarning")
def test_the_same_nodes_and_edges_as_torchviz(models: list[tuple[nn.Module, torch.Tensor]]) -> None:
    from torchviz import make_dot

    for module, output in models:
        dot = make_dot(output, params=dict(module.named_parameters()))
        labels = {
            node_id: text.split("\\n")[0].strip()
            for node_id, text in re.findall(r'^\s*(\d+) \[label="?([^"\]]*)"?', dot.source, re.M)
        }
        variables = {
            i
            for i, text in labels.items()
            if not text.endswith(("Backward0", "Backward1", "AccumulateGrad"))
        }
        theirs_edges = Counter()
        for source, target in re.findall(r"^\s*(\d+) -> (\d+)", dot.source, re.M):
            if source in variables or target in variables:  # tensor boxes: ours are leaf labels
                continue
            theirs_edges[(labels[source], labels[target])] += 1
        theirs_nodes = Counter(t for i, t in labels.items() if i not in variables)
        ours_nodes, ours_edges = drawn(graph_of(output, module))
        assert ours_nodes == theirs_nodes, type(module).__name__
        assert ours_edges == theirs_edges, type(module).__name__


def test_leaves_are_named_after_their_parameters() -> None:
    model = DynamicModel()
    graph = graph_of(model(torch.randn(1, 10), condition=0.9), model)
    leaves = {n.label for n in graph.nodes if n.kind == "leaf"}
    assert leaves == {name for name, _ in model.named_parameters()}


def test_saved_tensors_add_up_to_saved_bytes_and_name_their_node() -> None:
    torch.manual_seed(0)
    mlp = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
    x = torch.randn(8, 16)
    graph = record(lambda: mlp(x), mlp)
    assert graph.saved_bytes == saved_bytes(lambda: mlp(x), exclude=mlp) == (8 * 16 + 8 * 32) * 4
    owners = [graph.node(t.node).label for t in graph.saved]
    assert owners == ["AddmmBackward0", "ReluBackward0"]
    with torch.no_grad():
        assert record(lambda: mlp(x), mlp).labels() == ["output"]


def test_several_outputs_share_their_leaves() -> None:
    layer = nn.Linear(3, 1)
    losses = tuple(layer(torch.ones(1, 3)).sum() for _ in range(3))
    graph = graph_of(losses, layer)
    assert [n.kind for n in graph.nodes].count("output") == 3
    assert sorted(n.label for n in graph.nodes if n.kind == "leaf") == ["bias", "weight"]


def test_fx_graphs_and_breaks() -> None:
    torch._dynamo.reset()
    captured = CapturedGraphs()
    compiled = torch.compile(ConditionalModel(), backend=captured)
    compiled(torch.randn(4, 10), torch.tensor([0.9]))
    parts = [
        fx_graph(gm, f"graph {i + 1}", prefix=f"g{i}_") for i, gm in enumerate(captured.graphs)
    ]
    both = joined(parts, breaks=[(0, 1)])
    (crossing,) = [e for e in both.edges if e.kind == "break"]
    assert both.node(crossing.source).label == "output" and both.node(crossing.target).label == "x"
    assert {n.cluster for n in both.nodes} == {"graph 1", "graph 2"}
    torch._dynamo.reset()


def test_an_exported_cond_draws_both_branches_as_subgraphs() -> None:
    exported = torch.export.export(CondModel(), (torch.randn(2, 10), torch.tensor([0.9])))
    graph = fx_graph(exported.graph_module)
    clusters = {n.cluster for n in graph.nodes} - {""}
    assert clusters == {"true_graph_0", "false_graph_0"}
    cond = [n for n in graph.nodes if n.label == "cond"]
    assert len(cond) == 1 and cond[0].kind == "call"
    into_cond = {graph.node(e.source).cluster for e in graph.edges if e.target == cond[0].id}
    assert {"true_graph_0", "false_graph_0"} <= into_cond


def test_the_svg_draws_exactly_the_nodes_of_the_graph() -> None:
    model = DynamicModel()
    graph = record(lambda: model(torch.randn(1, 10), condition=0.9), model)
    svg = to_svg([graph])
    groups = re.findall(r'<g class="node ([^"]+)">(.*?)</g>', svg)
    assert len(groups) == len(graph.nodes)
    texts = Counter(re.findall(r"<text[^>]*>([^<]+)</text>", "".join(body for _, body in groups)))
    for node in graph.nodes:
        assert texts[node.label] >= 1
    assert len(re.findall(r'<g class="edge ', svg)) == len(graph.edges)
    assert " id=" not in svg and "<title>" not in svg  # several drawings can share a page


def test_a_graph_too_large_is_refused_with_its_size() -> None:
    rnn = nn.RNN(3, 4, num_layers=2)
    output = rnn(torch.randn(40, 1, 3))[0].sum()
    with pytest.raises(GraphTooLarge, match=r"the graph has \d+ nodes, more than the 80"):
        to_dot([graph_of(output, rnn)])


def test_without_graphviz_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(draw_module.shutil, "which", lambda name: None)
    with pytest.raises(GraphvizMissing, match="apt-get install graphviz"):
        to_svg([graph_of(torch.ones(2, requires_grad=True).sum())])


def test_a_saved_tensor_changed_in_place_shows_both_versions() -> None:
    x = torch.ones(3, requires_grad=True)

    def changed() -> torch.Tensor:
        y = x.sigmoid()  # SigmoidBackward0 saves its output, y, at version 0
        y[:2].mul_(2)  # a view of y changed in place: y (and the view's base) are at version 1
        return y.sum()

    graph = record(changed, leaf_names={"x": x})
    (tensor,) = graph.saved
    assert (tensor.version, tensor.now, tensor.freed, tensor.stale) == (0, 1, False, True)
    node = graph.node("s0")
    assert node.kind == "stale" and node.label == "changed in place"
    assert "version 0 when saved, 1 now" in node.detail
    assert graph.node(tensor.node).label == "SigmoidBackward0"


def test_a_saved_view_names_its_base_version() -> None:
    x = torch.ones(4, requires_grad=True)

    def changed() -> torch.Tensor:
        base = x * 1
        view = base[:2]
        out = view.exp()  # exp saves its output, not the view; view * view saves the view
        saved = view * view
        base.add_(1)
        return out.sum() + saved.sum()

    graph = record(changed)
    views = [t for t in graph.saved if t.base is not None]
    assert views and all(t.base == t.now == 1 and t.version == 0 for t in views)
    assert "(its base: 1)" in graph.node(f"s{graph.saved.index(views[0])}").detail


def test_backward_frees_the_saved_tensors_and_the_drawing_says_so() -> None:
    x = torch.ones(3, requires_grad=True)
    kept = record(lambda: (x.exp() * x).sum(), leaf_names={"x": x})
    freed = record(lambda: (x.exp() * x).sum(), then=lambda out: out.backward())
    assert kept.saved and not any(t.freed or t.stale for t in kept.saved)
    assert freed.saved and all(t.freed and t.stale for t in freed.saved)
    assert {n.label for n in freed.nodes if n.kind == "stale"} == {"freed"}
    retained = record(lambda: (x.exp() * x).sum(), then=lambda out: out.backward(retain_graph=True))
    assert not any(t.freed for t in retained.saved)
