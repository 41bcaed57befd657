"""Models and helpers used by the PyTorch dynamic computation graph guide.

Examples:
    >>> import dyndocs
    >>> dyndocs.pick_device().type in {"cpu", "cuda", "mps"}
    True
"""

from dyndocs.devices import pick_device
from dyndocs.inspect import describe, recorded_ops
from dyndocs.shapes import ShapeError, check_shape

__all__ = ["ShapeError", "check_shape", "describe", "pick_device", "recorded_ops"]
__version__ = "0.1.0"
