"""Reading the repository's YAML data files (``i18n/<locale>.yml``, ``i18n/glossary.yml``).

With libyaml's safe loader where PyYAML has it: it reads the same safe subset into the same data
as ``safe_load``'s pure-Python loader, several times as fast, and a build reads these files once
per language.

Usage::

    terms = read(Path("i18n/glossary.yml"))["terms"]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read(path: Path) -> Any:
    """The data in the YAML file ``path``, read as UTF-8 with the safe loader. Read from the open
    file, so that a syntax error names it, with the line and column."""
    with path.open(encoding="utf-8") as stream:
        return yaml.load(stream, Loader=LOADER)  # noqa: S506 (a safe loader)
