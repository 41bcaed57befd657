"""Device selection: use a GPU when one is present, the CPU otherwise.

Examples:
    >>> import torch
    >>> from dyndocs.devices import pick_device
    >>> pick_device("cpu")
    device(type='cpu')
"""

from __future__ import annotations

import torch


def pick_device(preferred: str | None = None) -> torch.device:
    """Return ``preferred`` if given, else CUDA, else Apple MPS, else the CPU.

    Args:
        preferred: A device string such as ``"cpu"`` or ``"cuda:1"`` that overrides the choice.

    Returns:
        The device to move models and tensors to with ``.to(device)``.
    """
    if preferred is not None:
        return torch.device(preferred)
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
