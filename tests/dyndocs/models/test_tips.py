"""dyndocs.models.tips: MeanBranchNet branches on the mean; AdaptiveDepthNet picks its depth."""

from __future__ import annotations

import pytest
import torch

from dyndocs import recorded_ops
from dyndocs.models.tips import AdaptiveDepthNet, MeanBranchNet


def test_branch_follows_the_sign_of_the_mean() -> None:
    model = MeanBranchNet()
    x = torch.randn(3, 4)
    pos, neg = x.abs() + 0.1, -(x.abs() + 0.1)
    assert torch.equal(model(pos), model.layer_A(pos))
    assert torch.equal(model(neg), model.layer_B(neg))
    assert not torch.allclose(model.layer_A(neg), model.layer_B(neg))


def test_module_list_depth_and_registration() -> None:
    model = AdaptiveDepthNet(width=8, max_depth=4)
    x = torch.randn(2, 8)
    for depth in (1, 2, 4):
        assert recorded_ops(model(x, depth=depth)).count("AddmmBackward0") == depth
    assert len(list(model.parameters())) == 8
    with pytest.raises(ValueError, match="between 1 and 4"):
        model(x, depth=0)
