"""dyndocs.models.compiled: the lecture's MyModule and the torch.cond rewrite of its branch."""

from __future__ import annotations

import torch

from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import CondModel


def test_cond_model_matches_the_if_version_and_exports_as_one_graph() -> None:
    torch.manual_seed(0)
    model = CondModel()
    eager = ConditionalModel()
    eager.load_state_dict(model.state_dict())
    x, condition = torch.randn(4, 10), torch.tensor([0.9])
    exported = torch.export.export(model, (x, condition)).module()
    for value in [0.9, 0.1]:
        condition = torch.tensor([value])
        assert torch.allclose(model(x, condition), eager(x, condition), atol=1e-6)
        assert torch.allclose(exported(x, condition), model(x, condition), atol=1e-6)
