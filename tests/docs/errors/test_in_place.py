"""Claims of docs/*/errors/in-place.md, from the outputs its snippets show."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch

PAGE = "snippets/errors/in-place"


def test_the_message_and_the_counter_give_the_same_versions(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/modified_inplace.py")
    assert "output 0 of Exp, is at version 1; expected version 0" in out.splitlines()[0]
    assert "y._version when exp saved it: 0" in out
    assert "y._version when backward read it: 1" in out


def test_anomaly_mode_names_the_forward_line(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/modified_inplace_anomaly.py")
    assert "Hint: the backtrace further above" in out.splitlines()[0]
    assert "UserWarning: Error detected in ExpBackward0" in out
    assert "    y = x.exp()" in out
    # Only the line that made the node: no frame of whatever ran the script (the build's runner)
    frame, code = out.splitlines()[-2:]
    assert frame.startswith('  File "...", line ') and frame.endswith(", in <module>")
    assert code == "    y = x.exp()"
    assert out.count("File ") == 1


def test_the_fix_gives_twice_exp(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/modified_inplace_fix.py").splitlines()
    assert out[0].removeprefix("x.grad =") == out[1].removeprefix("2 * exp(x) =")


def test_detach_stops_the_gradient_and_data_gives_a_wrong_one(
    shown: Callable[[str], str],
) -> None:
    assert "x.grad = None" in shown(f"{PAGE}/modified_inplace_dead_end_1.py")
    out = shown(f"{PAGE}/modified_inplace_dead_end_2.py")
    assert "w.grad with .data: tensor([1., 2., 3.])" in out
    assert "right gradient:    tensor([2., 4., 6.])" in out and "same: False" in out


def test_relu_inplace_names_sigmoid(shown: Callable[[str], str]) -> None:
    assert "output 0 of Sigmoid" in shown(f"{PAGE}/relu_inplace.py").splitlines()[0]


def test_rebinding_a_leaf_leaves_its_grad_none(shown: Callable[[str], str]) -> None:
    out = shown(f"{PAGE}/leaf_in_place_dead_end.py")
    assert "leaf: False grad_fn: SubBackward0" in out
    assert "w.grad after the second backward: None" in out
    assert "leaf: True requires_grad: True" in shown(f"{PAGE}/leaf_in_place_fix.py")


def test_the_fixes_for_views_reach_the_leaf(shown: Callable[[str], str]) -> None:
    assert "w.grad = tensor([2., 1., 1.])" in shown(f"{PAGE}/view_of_leaf_fix.py")
    assert "[2., 2., 2.],\n        [1., 1., 1.]" in shown(f"{PAGE}/view_of_multi_output_fix.py")


def test_a_weight_updated_between_forward_and_backward() -> None:
    """The page: under no_grad, as optimizer.step() does, the version error; without, the leaf's."""
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    loss = (w**2).sum()
    with pytest.raises(RuntimeError, match="leaf Variable that requires grad"):
        w.mul_(0.5)
    with torch.no_grad():
        w.mul_(0.5)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()


def test_a_rebound_leaf_warns_then_the_next_update_fails_on_none() -> None:
    """The page: reading the new w's .grad warns, and the next w - lr * w.grad is a TypeError."""
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    with pytest.warns(UserWarning, match="not a leaf Tensor"):
        with pytest.raises(TypeError, match="NoneType"):
            for _ in range(2):
                (w**2).sum().backward()
                w = w - 0.1 * w.grad
    assert not w.is_leaf  # the first update ran; the second failed


def test_a_detached_second_name_shares_the_version_counter() -> None:
    """The page: y.detach().mul_(2), then backward through y, still raises."""
    x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
    y = x.exp()
    y.detach().mul_(2)
    assert y._version == 1
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()
