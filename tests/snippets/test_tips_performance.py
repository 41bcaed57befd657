"""Claims of docs/*/tips/performance.md: no_grad, TorchScript, compile/export, batching."""

from __future__ import annotations

import runpy
import warnings
from typing import Any

import pytest
import torch
from torch import nn

from dyndocs.models.tips import CondBranchNet, MeanBranchNet, PerSampleBranchNet, SmallConvNet
from dyndocs.site import ROOT

SNIPPETS = ROOT / "snippets" / "tips" / "performance"


def _run(name: str) -> dict[str, Any]:
    return runpy.run_path(str(SNIPPETS / name), run_name="__main__")


def test_no_grad_outputs_have_no_graph() -> None:
    ns = _run("no_grad.py")
    assert ns["outputs"].requires_grad is False and ns["outputs"].grad_fn is None
    assert ns["with_grad"].requires_grad is True
    assert torch.allclose(ns["outputs"], ns["with_grad"])


def test_no_grad_keeps_nothing_for_backward(capsys: pytest.CaptureFixture[str]) -> None:
    ns = _run("saved_memory.py")
    capsys.readouterr()
    count = ns["bytes_saved_for_backward"]
    with_grad = count()
    with torch.no_grad():
        without = count()
    # input (32 x 64) and ReLU output (32 x 128), float32; parameters are not counted
    assert with_grad == (32 * 64 + 32 * 128) * 4
    assert without == 0


def test_inference_mode_tensors_cannot_be_saved_for_backward() -> None:
    model = nn.Linear(4, 2)
    with torch.inference_mode():
        out = model(torch.randn(3, 4))
    assert out.is_inference() and not out.requires_grad
    with pytest.raises(RuntimeError, match="Inference tensors cannot be saved for backward"):
        (out * torch.ones(2, requires_grad=True)).sum().backward()


def test_saved_torchscript_modules_load_and_match(capsys: pytest.CaptureFixture[str]) -> None:
    _run("torchscript.py")
    assert capsys.readouterr().out.count("True") == 2


def test_torchscript_is_deprecated() -> None:
    model = SmallConvNet().eval()
    deprecated = r"is deprecated\. Please switch to `torch\.compile` or `torch\.export`"
    with pytest.warns(DeprecationWarning, match=r"`torch\.jit\.trace` " + deprecated):
        torch.jit.trace(model, torch.randn(1, 3, 16, 16))
    with pytest.warns(DeprecationWarning, match=r"`torch\.jit\.script` " + deprecated):
        torch.jit.script(model)


def test_trace_bakes_in_the_branch_and_script_keeps_it() -> None:
    model = MeanBranchNet().eval()
    positive, negative = torch.ones(1, 4), -torch.ones(1, 4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, positive)
        scripted = torch.jit.script(model)
    assert any(issubclass(w.category, torch.jit.TracerWarning) for w in caught)
    with torch.no_grad():
        assert torch.allclose(traced(negative), model.layer_A(negative))  # wrong branch
        assert not torch.allclose(traced(negative), model.layer_B(negative))
        assert torch.allclose(scripted(negative), model.layer_B(negative))
        assert torch.allclose(scripted(positive), model.layer_A(positive))


def test_compile_keeps_the_branch() -> None:
    torch._dynamo.reset()
    model = MeanBranchNet().eval()
    compiled = torch.compile(model)
    x = torch.ones(1, 4)
    with torch.no_grad():
        assert torch.allclose(compiled(x), model.layer_A(x))
        assert torch.allclose(compiled(-x), model.layer_B(-x))


def test_exported_cond_keeps_both_branches() -> None:
    model = CondBranchNet().eval()
    x = torch.ones(1, 4)
    module = torch.export.export(model, (x,)).module()
    with torch.no_grad():
        assert torch.allclose(module(x), model.layer_A(x))
        assert torch.allclose(module(-x), model.layer_B(-x))


def test_batching_matches_the_loop() -> None:
    ns = _run("batching.py")
    assert len(ns["one_by_one"]) == 8
    assert torch.allclose(torch.cat(ns["one_by_one"]), ns["batched"], atol=1e-6)


def test_batch_statistic_branch_changes_per_sample_results() -> None:
    model = MeanBranchNet()
    per_sample = PerSampleBranchNet()
    per_sample.load_state_dict(model.state_dict())
    batch = torch.tensor([[1.0, 2.0, 0.5, 0.5], [-3.0, -2.0, -4.0, -3.0]])
    with torch.no_grad():
        alone = torch.cat([model(row.unsqueeze(0)) for row in batch])
        # batch mean is negative: row 0 goes through layer_B in the batch, layer_A alone
        assert torch.allclose(model(batch), model.layer_B(batch))
        assert torch.allclose(alone[0], model.layer_A(batch[0]))
        assert not torch.allclose(model(batch), alone)
        alone = torch.cat([per_sample(row.unsqueeze(0)) for row in batch])
        assert torch.allclose(per_sample(batch), alone)
