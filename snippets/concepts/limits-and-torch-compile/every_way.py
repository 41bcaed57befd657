"""One data-dependent model, every way to run it: which ones keep the branch, and at what cost."""

import warnings
from typing import Any

import torch

from dyndocs.inspect import CapturedGraphs
from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import CondModel

torch.manual_seed(0)
model = ConditionalModel().eval()
cond_model = CondModel().eval()
cond_model.load_state_dict(model.state_dict())  # the same layers, with torch.cond for the if
x = torch.randn(4, 10)
first, second = torch.tensor([0.9]), torch.tensor([0.1])  # linear2, then linear3


def run_way(name: str) -> dict[str, Any]:
    """Prepare the model the named way on the first input, then run it on both inputs."""
    row: dict[str, Any] = {"way": name}
    graphs = CapturedGraphs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if name == "eager":
                run = model
            elif name == "torch.jit.trace":
                run = torch.jit.trace(model, (x, first))
            elif name == "torch.jit.script":
                run = torch.jit.script(model)
            elif name == "torch.compile":
                torch._dynamo.reset()
                run = torch.compile(model, backend=graphs)
            elif name == "torch.export":
                run = torch.export.export(model, (x, first)).module()
            else:  # torch.export of the torch.cond rewrite
                run = torch.export.export(cond_model, (x, first)).module()
            with torch.no_grad():
                row["right_first"] = torch.allclose(run(x, first), model(x, first))
                row["right_second"] = torch.allclose(run(x, second), model(x, second))
        except Exception as error:  # the first line is what a reader would see first
            row["error"] = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
    row["warnings"] = sorted({w.category.__name__ for w in caught})
    if name == "torch.compile":
        row["graphs"] = len(graphs)
        row["graph_breaks"] = torch._dynamo.explain(model)(x, first).graph_break_count
    return row


WAYS = ["eager", "torch.jit.trace", "torch.jit.script", "torch.compile", "torch.export",
        "torch.export + torch.cond"]


def rows() -> dict[str, Any]:
    """The table the page shows: a row per way."""
    columns = ["way", "right_first", "right_second", "warnings", "error", "graphs", "graph_breaks"]
    return {"columns": columns, "rows": [run_way(name) for name in WAYS]}


if __name__ == "__main__":
    for row in rows()["rows"]:
        print(row)
