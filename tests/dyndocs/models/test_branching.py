"""dyndocs.models.branching: one Python decision per call, or torch.where per sample."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from dyndocs import recorded_ops
from dyndocs.models.branching import ConditionalModel, DynamicModel
from dyndocs.models.per_sample import PerSampleConditionalModel


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


def test_dynamic_model_records_the_branch_it_took() -> None:
    torch.manual_seed(0)
    model, x = DynamicModel(), torch.randn(1, 10)
    relu, sigmoid = recorded_ops(model(x, 0.9)), recorded_ops(model(x, 0.1))
    assert relu.count("ReluBackward0") == 2 and "SigmoidBackward0" not in relu
    assert sigmoid.count("ReluBackward0") == 1 and "SigmoidBackward0" in sigmoid
