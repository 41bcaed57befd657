"""Claims of docs/*/tips/debugging.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

PAGE = "snippets/tips/debugging"


def test_describe_prints_shape_dtype_device_and_node(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/print_info.py")
    assert "torch.Size([3, 2]) torch.float32 cpu" in out
    assert "requires_grad=True grad_fn=AddmmBackward0" in out


def test_item_returns_a_python_number_for_one_element(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/item.py").splitlines()
    assert out[0] == "float" and out[1].startswith("Loss: ")
    assert out[2] == "RuntimeError: a Tensor with 4 elements cannot be converted to Scalar"


def test_requires_grad_false_freezes_leaves_only(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/requires_grad.py")
    assert "frozen layer grad:   None" in out and "trained layer grad:  (1, 8)" in out
    refused = shown("snippets/errors/no-graph/requires_grad_non_leaf.py")  # the entry's, shared
    assert refused.startswith(
        "RuntimeError: you can only change requires_grad flags of leaf variables"
    )
    assert "y.is_leaf: False" in refused


def test_detach_shares_memory_and_stops_gradients(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/detach.py")
    assert "requires_grad: False grad_fn: None" in out
    assert "same memory: True" in out and "w.grad: None" in out
    assert "clone shares memory: False" in out


def test_a_leaf_is_any_tensor_without_a_grad_fn(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/leaves.py").splitlines()
    assert out[0].split() == "w is_leaf=True requires_grad=True grad_fn=None".split()
    assert out[1].split() == "x is_leaf=True requires_grad=False grad_fn=None".split()
    # the result of an operation whose inputs need no grad is a leaf too
    assert out[2].split() == "x * 2 is_leaf=True requires_grad=False grad_fn=None".split()
    assert out[3].split() == "w * x is_leaf=False requires_grad=True grad_fn=MulBackward0".split()
    assert out[4].startswith("w.grad: tensor([")
    assert out[5] == "x * 2 now requires grad and is still a leaf: True"
