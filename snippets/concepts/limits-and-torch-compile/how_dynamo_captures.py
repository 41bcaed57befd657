"""Dynamo runs forward() on the first call: Python code such as check_shape becomes guards."""

import torch

from dyndocs.inspect import CapturedGraphs, dynamo_log
from dyndocs.models.compiled import MyModule

torch.manual_seed(0)
torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()  # keeps every graph Dynamo captures
compiled = torch.compile(MyModule(), backend=graphs)

with dynamo_log() as log:  # what TORCH_LOGS=guards,recompiles would print
    compiled(torch.randn(3, 10))  # the first call captures
    print("graph 1:", graphs.ops(0), "guards:", log.guards[0])

    compiled(torch.randn(5, 10))  # a new batch size fails a guard
    print("recompiled because:", log.recompiles[0])
    print("graph 2:", graphs.ops(1), "guards:", log.guards[1])

    try:
        compiled(torch.randn(3, 7))  # check_shape runs again while Dynamo traces
    except ValueError as error:
        print(type(error).__name__ + ":", error)
