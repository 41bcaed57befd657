"""The project as ``mkdocs.yml`` describes it: where things are, and which languages it has.

The build tooling and the tests (:func:`load`) read these from the MkDocs configuration, never
from where a module file sits.

Examples:
    >>> project = Project(Path("/repo"), Path("/repo/docs"), ("en", "zh-hans"))
    >>> project.default_locale, project.language_root("zh-hans"), project.cache / "runs"
    ('en', 'zh-hans/', PosixPath('/repo/.cache/runs'))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from sitebuild.languages import builds


@dataclass(frozen=True)
class Project:
    """Paths and languages of one documentation project."""

    root: Path
    docs_dir: Path
    locales: tuple[str, ...]
    """Every language, the default first, in the order ``mkdocs.yml`` lists them."""
    sections: tuple[str, ...] = ()
    """The sections whose pages, but their index, are articles, each with its notebook."""

    @property
    def default_locale(self) -> str:
        return self.locales[0]

    @property
    def i18n(self) -> Path:
        """The language data: ``glossary.yml`` and each language's interface strings."""
        return self.root / "i18n"

    @property
    def glossary(self) -> Path:
        return self.i18n / "glossary.yml"

    @property
    def cache(self) -> Path:
        """Where derived, reproducible results are kept (never committed)."""
        return self.root / ".cache"

    def language_root(self, locale: str) -> str:
        """URL prefix of ``locale``: ``""`` for the default language, ``"zh-hans/"`` otherwise."""
        return "" if locale == self.default_locale else f"{locale}/"

    def is_article(self, page: Path) -> bool:
        """Whether ``page``, relative to its language's folder, is an article."""
        return page.parts[0] in self.sections and page.name != "index.md"

    def pages(self, locale: str) -> list[Path]:
        """Every Markdown page of ``locale``, relative to ``docs/<locale>``."""
        folder = self.docs_dir / locale
        return sorted(p.relative_to(folder) for p in folder.rglob("*.md"))

    def missing_pages(self) -> list[str]:
        """``docs/<locale>/<page>`` of each page another language has and this one lacks."""
        pages = {locale: set(self.pages(locale)) for locale in self.locales}
        every = set().union(*pages.values())
        return sorted(
            f"docs/{loc}/{page}" for loc, found in pages.items() for page in every - found
        )

    @classmethod
    def from_config(cls, config: MkDocsConfig) -> Project:
        """The project of a loaded MkDocs configuration (mkdocs-static-i18n's folder layout)."""
        return cls(
            root=Path(config.config_file_path).resolve().parent,
            docs_dir=Path(config.docs_dir).resolve(),
            locales=tuple(builds.locales(config)),
            sections=tuple(config.extra.get("notebooks", {}).get("sections", ())),
        )


@lru_cache(maxsize=4)
def load_config(config_file: Path) -> MkDocsConfig:
    """Load and validate ``config_file`` as ``mkdocs build`` would, once per process."""
    from mkdocs.config import load_config as mkdocs_load_config

    return mkdocs_load_config(str(config_file))


def load(config_file: Path) -> Project:
    return Project.from_config(load_config(config_file.resolve()))
