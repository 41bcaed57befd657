"""The site's interface strings: ``i18n/<locale>.yml``, next to the glossary.

Each holds every string the build writes into pages itself: benchmark table headers, metric
labels, notes, provenance lines, captions. Keys are dotted paths (``bench.metrics.saved_bytes``);
every key must exist in every language.

Examples:
    >>> strings = Strings({"en": {"greeting": "Hello, {name}"}})
    >>> strings.get("en", "greeting", name="reader")
    'Hello, reader'
    >>> strings.get("en", "farewell")
    Traceback (most recent call last):
    ...
    KeyError: "no string 'farewell' for en (i18n/en.yml)"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML has it: the same data as ``safe_load``'s pure-Python loader,
several times as fast (a build reads each file per language)."""


def read_yaml(path: Path) -> Any:
    """The data in the YAML file ``path``, read from the open file so a syntax error names it."""
    with path.open(encoding="utf-8") as stream:
        return yaml.load(stream, Loader=YAML_LOADER)  # noqa: S506 (a safe loader)


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """``{"a": {"b": "x"}}`` as ``{"a.b": "x"}``."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        nested = isinstance(value, Mapping)
        flat |= flatten(value, f"{prefix}{key}.") if nested else {f"{prefix}{key}": str(value)}
    return flat


class Strings:
    """Interface strings by locale and dotted key."""

    def __init__(self, by_locale: Mapping[str, Mapping[str, Any]]) -> None:
        self.by_locale = {locale: flatten(tree) for locale, tree in by_locale.items()}

    @classmethod
    def load(cls, folder: Path, locales: Iterable[str]) -> Strings:
        """Read ``folder/<locale>.yml`` for each locale; a missing file fails, naming it."""
        trees = {}
        for locale in locales:
            if not (path := folder / f"{locale}.yml").is_file():
                raise FileNotFoundError(f"{path}: no interface strings for {locale}")
            trees[locale] = read_yaml(path) or {}
        return cls(trees)

    def get(self, locale: str, key: str, **values: object) -> str:
        """The string ``key`` in ``locale``, its ``{placeholders}`` filled from ``values``."""
        try:
            text = self.by_locale[locale][key]
        except KeyError:
            raise KeyError(f"no string {key!r} for {locale} (i18n/{locale}.yml)") from None
        return text.format(**values) if values else text

    def has(self, locale: str, key: str) -> bool:
        return key in self.by_locale.get(locale, {})
