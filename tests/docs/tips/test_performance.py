"""Claims of docs/*/tips/performance.md.

Most come from the outputs the page's snippets show; the rest are behaviours of torch that the
page states, asserted here so that a torch release that changes them fails the suite.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable

import pytest
import torch
from torch import nn

from dyndocs.inspect import CapturedGraphs
from dyndocs.models.compiled import CondModel
from dyndocs.shapes import check_shape

PAGE = "snippets/tips/performance"


def test_no_grad_outputs_have_no_graph(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/no_grad.py")
    assert "requires_grad: False\ngrad_fn: None" in out
    assert "outside no_grad: requires_grad: True" in out and "same values: True" in out


def test_no_grad_keeps_nothing_for_backward(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/saved_memory.py")
    # input (32 x 64) and ReLU output (32 x 128), float32; parameters are not counted
    assert f"with grad: {(32 * 64 + 32 * 128) * 4} bytes kept for backward" in out
    assert "no_grad:   0 bytes kept for backward" in out


def test_inference_tensors_fail_only_where_saved_or_changed_in_place(
    shown: Callable[[str], str],
) -> None:
    saved = shown("snippets/errors/no-graph/inference_saved.py")  # the page shows the entry's
    assert saved.startswith("RuntimeError: Inference tensors cannot be saved for backward")
    out = shown(f"{PAGE}/inference_mode.py")
    assert "outputs + scale: backward works, scale.grad = tensor([3., 3.])" in out
    assert "outputs.mul_(2): RuntimeError: Inplace update to inference tensor" in out
    assert "outputs.clone() * scale: backward works" in out


def test_saved_torchscript_modules_load_and_match(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/torchscript.py")
    assert "loaded traced matches eager:   True" in out
    assert "loaded scripted matches eager: True" in out


def test_trace_script_and_load_are_deprecated(shown: Callable[[str], str]) -> None:
    """The page: trace and script point to torch.compile or torch.export, load to torch.export
    only, as the output under jit_deprecated.py shows."""
    out = shown(f"{PAGE}/jit_deprecated.py").splitlines()
    for api in ("trace", "script"):
        assert (
            f"DeprecationWarning: `torch.jit.{api}` is deprecated. "
            "Please switch to `torch.compile` or `torch.export`."
        ) in out
    load = "DeprecationWarning: `torch.jit.load` is deprecated. Please switch to `torch.export`."
    assert load in out


def test_from_python_3_14_trace_script_and_load_say_they_may_break() -> None:
    """The page quotes the warning these functions give on Python 3.14 and later instead."""
    for function in (torch.jit.trace, torch.jit.script, torch.jit.load):
        source = inspect.getsource(function)
        assert "is not supported in Python 3.14+ and may break" in source, function.__name__


def test_a_trace_in_train_mode_stays_random_after_eval(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/trace_train_mode.py")
    assert "traced in train mode, then .eval(): same output twice: False" in out
    assert "traced in eval mode: same output twice: True" in out


def test_a_trace_records_the_training_flag_as_a_constant_argument() -> None:
    """The page: eval() sets the training flag, which a layer reads on every call and passes to its
    kernel; a trace records the flag's value then as a constant. Dropout's kernel is recorded in
    both modes, with training=True or False."""
    torch.manual_seed(0)
    x = torch.randn(4, 3)

    def dropout_training_flag(module: nn.Module) -> list[bool]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tracer's deprecation warning
            traced = torch.jit.trace(module, x, check_trace=False)
        nodes = [n for n in traced.inlined_graph.nodes() if n.kind() == "aten::dropout"]
        return [n.inputsAt(2).toIValue() for n in nodes]

    dropout = nn.Dropout(p=0.5)
    assert dropout_training_flag(dropout.train()) == [True]
    assert dropout_training_flag(dropout.eval()) == [False]


def test_trace_bakes_in_the_branch_and_script_keeps_it(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/trace_pitfall.py")
    assert out.startswith("TracerWarning: Converting a tensor to a Python boolean")
    assert "traced  : negative input goes through layer_B: False" in out
    assert "scripted: negative input goes through layer_B: True" in out


def test_a_traced_loop_accepts_only_the_traced_length(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/trace_fixed_length.py")
    assert "20 steps: (2, 8, 64)" in out
    assert "30 steps: RuntimeError: Expected 20 elements in a list but found 30" in out
    assert "10 steps: RuntimeError: Expected 20 elements in a list but found 10" in out
    assert "eager, 30 steps: (2, 8, 64)" in out


def test_compile_unrolls_a_loop_once_per_length_then_gives_up() -> None:
    """The page: each new length compiles one more graph, up to recompile_limit, then eager."""
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


def test_rnn_modules_run_any_length_in_one_trace_and_cost_compile_no_graph_per_length() -> None:
    """The page: nn.RNN's loop over time is one ATen operator, so a trace runs any length;
    torch.compile compiles only the code before the module, which recompiles at most once, when
    a second length makes its time dimension dynamic, and runs the module and the rest of
    ``forward`` in eager mode."""
    torch.manual_seed(0)
    rnn = nn.RNN(4, 8, batch_first=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's warnings
        traced = torch.jit.trace(rnn, torch.randn(2, 5, 4))
    assert [n.kind() for n in traced.graph.nodes()].count("aten::rnn_tanh") == 1
    longer = torch.randn(2, 9, 4)
    assert torch.allclose(traced(longer)[0], rnn(longer)[0])
    assert torch._dynamo.config.allow_rnn is False

    class AroundRNN(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inp, self.rnn, self.out = nn.Linear(4, 4), rnn, nn.Linear(8, 2)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            h = torch.relu(self.inp(x))
            y = self.rnn(h)[0]
            return torch.tanh(self.out(y))

    model = AroundRNN()
    torch._dynamo.reset()
    graphs = CapturedGraphs()
    compiled = torch.compile(model, backend=graphs)
    counts = []
    for length in (5, 7, 9, 11, 13):
        assert torch.allclose(compiled(x := torch.randn(2, length, 4)), model(x))
        counts.append(len(graphs))
    ops = [graphs.ops(i) for i in range(len(graphs))]
    torch._dynamo.reset()
    assert counts == [1, 2, 2, 2, 2], counts  # a static graph, then one dynamic: no more
    assert ops == [["linear", "relu"]] * 2, ops  # neither the module nor what follows it


def test_torchscript_fuses_nothing_on_the_cpu_by_default() -> None:
    """The page: on the CPU, TorchScript runs eager mode's kernels; it saves only Python."""
    assert not torch._C._jit_can_fuse_on_cpu()


def test_a_trace_runs_check_shape_and_only_warns() -> None:
    """The page: torch.jit.script cannot compile check_shape; a trace runs it with a warning."""

    def checked(x: torch.Tensor) -> torch.Tensor:
        check_shape(x, ("batch", 3), name="x")
        return x * 2

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(RuntimeError, match="check_shape"):
            torch.jit.script(checked)
        traced = torch.jit.trace(checked, torch.ones(2, 3))
    assert any(issubclass(w.category, torch.jit.TracerWarning) for w in caught)
    assert torch.equal(traced(torch.ones(5, 3)), torch.full((5, 3), 2.0))


def test_backward_frees_what_the_graph_saved() -> None:
    """The page: saved tensors are kept until the backward pass runs and frees them."""
    x = torch.ones(3, requires_grad=True)
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        y.backward()


def test_compile_keeps_the_branch(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/compile.py")
    assert "positive -> layer_A: True" in out and "negative -> layer_B: True" in out


def test_exported_program_takes_both_branches_and_a_dynamic_batch(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/export_cond.py")
    assert out.count("batch of 3: same as the if version: True") == 2
    torch.manual_seed(0)
    fixed = torch.export.export(CondModel(), (torch.randn(2, 10), torch.tensor([0.9]))).module()
    with pytest.raises(AssertionError, match=r"size\(\)\[0\] == 2"):
        fixed(torch.randn(3, 10), torch.tensor([0.9]))


def test_torch_cond_is_still_a_prototype() -> None:
    assert "`torch.cond` is a prototype feature" in (torch.cond.__doc__ or "")


def test_batching_matches_the_loop_with_one_graph(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/batching.py")
    assert "graphs recorded one by one: 8" in out and "same results: True" in out


def test_a_batch_statistic_branch_changes_per_sample_results(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/batching_pitfall.py")
    assert "batch mean: -1.0" in out
    assert "MeanBranchNet: batched == one by one: False" in out
    assert "torch.where per row: batched == one by one: True" in out


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


def test_recorded_svdvals_computes_and_keeps_the_singular_vectors(
    shown: Callable[[str], str],
) -> None:
    out = shown(f"{PAGE}/svdvals_recorded.py").splitlines()
    assert out[0] == "recorded: aten::_linalg_svd(full_matrices=False, compute_uv=True)"
    n = 256  # U and V, n x n each, and the n singular values, float32
    assert out[1] == f"recorded: {(2 * n * n + n) * 4} bytes kept for backward"
    assert out[2] == "no_grad:  aten::_linalg_svd(full_matrices=False, compute_uv=False)"
    assert out[3] == "no_grad:  0 bytes kept for backward"
