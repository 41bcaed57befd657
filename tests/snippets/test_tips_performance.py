"""Claims of docs/*/tips/performance.md: no_grad, TorchScript, compile/export, batching."""

from __future__ import annotations

import runpy
from pathlib import Path
import warnings
from typing import Any

import pytest
import torch
from torch import nn

from dyndocs.models.tips import CondBranchNet, MeanBranchNet, PerSampleBranchNet, SmallConvNet
from dyndocs.site import ROOT

SNIPPETS = ROOT / "snippets" / "tips" / "performance"


def _shown(name: str) -> str:
    """The output the page shows for ``name``: the snippet run once, as the build runs it."""
    from dyndocs.site import outputs

    return outputs.output_of(SNIPPETS / name)


def _run(name: str) -> dict[str, Any]:
    return runpy.run_path(str(SNIPPETS / name), run_name="__main__")


def test_no_grad_outputs_have_no_graph() -> None:
    ns = _run("no_grad.py")
    assert ns["outputs"].requires_grad is False and ns["outputs"].grad_fn is None
    assert ns["with_grad"].requires_grad is True
    assert torch.allclose(ns["outputs"], ns["with_grad"])


def test_no_grad_keeps_nothing_for_backward() -> None:
    out = _shown("saved_memory.py")
    # input (32 x 64) and ReLU output (32 x 128), float32; parameters are not counted
    assert f"with grad: {(32 * 64 + 32 * 128) * 4} bytes kept for backward" in out
    assert "no_grad:   0 bytes kept for backward" in out


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


def test_a_trace_in_train_mode_stays_random_after_eval() -> None:
    out = _shown("trace_train_mode.py")
    assert "traced in train mode, then .eval(): same output twice: False" in out
    assert "traced in eval mode: same output twice: True" in out


def test_inference_tensors_fail_only_where_saved_or_changed_in_place() -> None:
    out = _shown("inference_mode.py")
    assert "outputs + scale: backward works, scale.grad = tensor([3., 3.])" in out
    assert "outputs * scale: RuntimeError: Inference tensors cannot be saved for backward" in out
    assert "outputs.mul_(2): RuntimeError: Inplace update to inference tensor" in out
    assert "outputs.clone() * scale: backward works" in out


def test_a_traced_loop_accepts_only_the_traced_length() -> None:
    out = _shown("trace_fixed_length.py")
    assert "20 steps: (2, 8, 64)" in out
    assert "30 steps: RuntimeError: Expected 20 elements in a list but found 30" in out
    assert "10 steps: RuntimeError: Expected 20 elements in a list but found 10" in out
    assert "eager, 30 steps: (2, 8, 64)" in out


def test_torch_cond_is_still_a_prototype() -> None:
    """The page says so; a torch release that promotes it must update the page."""
    assert "`torch.cond` is a prototype feature" in (torch.cond.__doc__ or "")


def test_torch_jit_load_points_to_export_only(tmp_path: Path) -> None:
    path = tmp_path / "linear.pt"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.jit.script(nn.Linear(2, 2)).save(str(path))
    with pytest.warns(DeprecationWarning) as caught:
        torch.jit.load(str(path))
    messages = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert "`torch.jit.load` is deprecated. Please switch to `torch.export`." in messages


def test_compile_unrolls_a_loop_once_per_length_then_gives_up() -> None:
    """The page: each new length compiles one more graph, up to recompile_limit, then eager."""
    from dyndocs.inspect import CapturedGraphs

    torch._dynamo.reset()
    graphs = CapturedGraphs()

    def running_sum(x: torch.Tensor) -> torch.Tensor:
        total = torch.zeros(x.shape[1:])
        for step in x:  # a Python loop over time steps
            total = total + step
        return total

    compiled = torch.compile(running_sum, backend=graphs)
    limit = torch._dynamo.config.recompile_limit
    assert limit == 8
    for length in range(2, 2 + limit + 3):
        assert torch.allclose(compiled(torch.ones(length, 3)), torch.full((3,), float(length)))
    assert len(graphs) == limit  # one per length, then eager mode for the rest
    torch._dynamo.reset()


def test_exported_program_takes_a_dynamic_batch() -> None:
    out = _shown("export_cond.py")
    assert "positive -> layer_A: True" in out and "negative, batch of 3 -> layer_B: True" in out
    model = CondBranchNet().eval()
    fixed = torch.export.export(model, (torch.ones(2, 4),)).module()
    with pytest.raises(AssertionError, match=r"size\(\)\[0\] == 2"):
        fixed(torch.ones(3, 4))


def test_some_modules_switch_kernels_under_no_grad() -> None:
    """The page: nn.TransformerEncoderLayer in eval mode uses a fused kernel without gradients."""
    layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, batch_first=True).eval()
    x = torch.randn(2, 5, 8)

    def ops() -> set[str]:
        with torch.profiler.profile() as prof:
            layer(x)
        return {event.name for event in prof.events()}

    fused = "aten::_transformer_encoder_layer_fwd"
    assert fused not in ops()
    with torch.no_grad():
        assert fused in ops()
