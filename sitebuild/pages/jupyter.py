"""mkdocs-jupyter, asked which pages are notebooks by its ``include`` patterns first.

mkdocs-jupyter 0.26 parses a page with jupytext *before* it looks at its ``include`` patterns to
decide whether it is a notebook, and MkDocs asks that of every page several times per language
build, so a warm build spent much of its time in jupytext. This subclass, registered as
``dyndocs-jupyter`` with the same settings, checks the (cheap) patterns first, then asks the
original, which still checks the jupytext header. Measured side by side (a warm strict build,
recorded benchmarks, 2 cores, medians of 3): 9.9 s with it, 11.6 s without.

Importing mkdocs-jupyter imports nbconvert's ``NbConvertApp``, whose class body makes one of each
installed exporter to list their names in its help text, on every build. nbconvert's own
``NBCONVERT_DISABLE_CONFIG_EXPORTERS``, set (unless already set) before the import, lists them
without making them (a conversion still makes the one it uses); the build takes 10.3 s without it.

The notebooks' kernels talk to the build over local TCP, each warning on start-up if unencrypted
(three warnings per cold build). ``jupyter_config/`` asks jupyter_client for CurveZMQ keys
(``KernelManager.transport_encryption``, applied where the kernel declares support); it joins
``JUPYTER_CONFIG_PATH``, which mkdocs-jupyter's ``NbConvertApp`` reads, only if this pyzmq has
CurveZMQ: without it, the setting would stop the build.
"""

from __future__ import annotations

import os
import pathlib
from functools import lru_cache
from typing import Any

import zmq

os.environ.setdefault("NBCONVERT_DISABLE_CONFIG_EXPORTERS", "1")
CONFIG = str(pathlib.Path(__file__).with_name("jupyter_config"))
if zmq.has("curve") and CONFIG not in os.environ.get("JUPYTER_CONFIG_PATH", ""):
    os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
        filter(None, [CONFIG, os.environ.get("JUPYTER_CONFIG_PATH")])
    )

from mkdocs_jupyter.plugin import Plugin  # noqa: E402 - after the settings above


class JupyterPlugin(Plugin):  # type: ignore[misc]
    """mkdocs-jupyter's plugin, which reads a page only when its path matches ``include``."""

    def should_include(self, file: Any) -> bool:
        path = file.abs_src_path
        if path is None or not _matches(path, tuple(self.config["include"])):
            return False
        return bool(super().should_include(file))


@lru_cache(maxsize=1024)
def _matches(path: str, patterns: tuple[str, ...]) -> bool:
    """Whether ``path`` matches one of ``patterns``; cached: MkDocs asks about each page several
    times per language, and ``PurePath`` parses the path every time."""
    return any(pathlib.PurePath(path).match(pattern) for pattern in patterns)
