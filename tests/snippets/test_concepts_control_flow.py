"""Claims of docs/*/concepts/control-flow.md."""

from __future__ import annotations

import runpy

import pytest
import torch
import torch.nn.functional as F

from dyndocs.models.branching import ConditionalModel, PerSampleConditionalModel
from dyndocs.site import ROOT

SNIPPETS = ROOT / "snippets" / "concepts" / "control-flow"


@pytest.fixture
def model() -> ConditionalModel:
    torch.manual_seed(0)
    return ConditionalModel()


@pytest.mark.parametrize("batch", [1, 5])
def test_both_branches_give_the_same_shape(model: ConditionalModel, batch: int) -> None:
    x = torch.randn(batch, 10)
    high, low = model(x, torch.tensor([0.9])), model(x, torch.tensor([0.1]))
    assert high.shape == low.shape == (batch, 10)
    assert not torch.equal(high, low)  # the branches really are different layers


def test_one_condition_sends_the_whole_batch_down_one_branch(model: ConditionalModel) -> None:
    x = torch.randn(4, 10)
    hidden = F.relu(model.linear1(x))
    assert torch.equal(model(x, torch.tensor([0.9])), F.relu(model.linear2(hidden)))
    assert torch.equal(model(x, torch.tensor([0.1])), F.relu(model.linear3(hidden)))


def test_one_condition_per_sample_in_an_if_is_an_error(model: ConditionalModel) -> None:
    with pytest.raises(RuntimeError, match="ambiguous"):
        model(torch.randn(4, 10), torch.tensor([0.9, 0.1, 0.7, 0.2]))


def test_torch_where_selects_per_sample(model: ConditionalModel) -> None:
    x = torch.randn(4, 10)
    conditions = torch.tensor([0.9, 0.1, 0.7, 0.2])
    per_sample = PerSampleConditionalModel()
    per_sample.load_state_dict(model.state_dict())
    wanted = torch.cat([model(x[i : i + 1], conditions[i]) for i in range(4)])
    assert torch.allclose(per_sample(x, conditions), wanted, atol=1e-6)
    assert not torch.allclose(model(x, conditions[0]), wanted, atol=1e-6)


def test_snippets_show_the_claims(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("conditional_model.py", "same_shape.py", "per_sample.py"):
        runpy.run_path(str(SNIPPETS / name), run_name="__main__")
    out = capsys.readouterr().out
    assert "condition 0.9 (linear2): torch.Size([4, 10])" in out
    assert "condition 0.1 (linear3): torch.Size([4, 10])" in out
    assert "one condition, rows right: [True, False, True, False]" in out
    assert "torch.where, rows right: True" in out
