"""Models and helpers used by the PyTorch dynamic computation graph guide.

Names are imported on first use (`dyndocs._lazy`), so ``import dyndocs.graph.draw`` needs no
torch; ``from dyndocs import describe`` works as usual.

Examples:
    >>> import dyndocs
    >>> dyndocs.pick_device().type in {"cpu", "cuda", "mps"}
    True
"""

from typing import TYPE_CHECKING

from dyndocs._lazy import lazy_exports

if TYPE_CHECKING:
    from dyndocs.devices import pick_device
    from dyndocs.inspect import describe, recorded_ops
    from dyndocs.shapes import ShapeError, check_shape

__all__ = ["ShapeError", "check_shape", "describe", "pick_device", "recorded_ops"]
__version__ = "0.1.0"
__getattr__ = lazy_exports(
    globals(),
    {
        "ShapeError": "dyndocs.shapes",
        "check_shape": "dyndocs.shapes",
        "describe": "dyndocs.inspect",
        "pick_device": "dyndocs.devices",
        "recorded_ops": "dyndocs.inspect",
    },
)
