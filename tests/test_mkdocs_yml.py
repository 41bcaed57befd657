"""mkdocs.yml: ``mkdocs serve`` rebuilds when anything a page is made from changes."""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.config import load_config

from .support import CONFIG, ROOT, project

INCLUDE = re.compile(r'--8<-- "(?:run:)?(?P<path>[^":]+)')
"""A page's include of a file, shown or run: ``--8<-- "snippets/x.py:section"``."""
DIRECTIVE = re.compile(r"<!-- (?:graph|table): (?P<path>[^\s:]+)")
"""A figure drawn from a file's function: ``<!-- graph: snippets/x.py:function ... -->``."""


def watched() -> list[Path]:
    config = load_config(str(CONFIG))
    return [Path(config.docs_dir), Path(config.config_file_path), *map(Path, config.watch)]


def is_watched(path: Path, folders: list[Path]) -> bool:
    return any(path == folder or path.is_relative_to(folder) for folder in folders)


def test_every_file_a_page_includes_is_watched() -> None:
    folders = [folder.resolve() for folder in watched()]
    unwatched: dict[str, str] = {}
    for page in sorted(project().docs_dir.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in [*INCLUDE.finditer(text), *DIRECTIVE.finditer(text)]:
            included = (ROOT / match["path"]).resolve()
            if included.exists() and not is_watched(included, folders):
                unwatched.setdefault(match["path"], page.relative_to(ROOT).as_posix())
    shown = [f"{path} (included by {page})" for path, page in sorted(unwatched.items())[:5]]
    assert not unwatched, (
        f"mkdocs serve would not rebuild when {len(unwatched)} included files change; add their "
        f"folders to mkdocs.yml's watch: {', '.join(shown)}"
    )


def test_the_languages_words_and_the_theme_overrides_are_watched() -> None:
    config = load_config(str(CONFIG))
    folders = [folder.resolve() for folder in watched()]
    assert is_watched(project().i18n.resolve(), folders), "i18n/ (every UI string) is not watched"
    assert is_watched(Path(config.theme.custom_dir).resolve(), folders), "overrides/ is not watched"


def test_the_check_finds_an_include_outside_the_watched_folders() -> None:
    folders = [(ROOT / "docs").resolve()]
    assert not is_watched((ROOT / "snippets" / "x.py").resolve(), folders)
    assert INCLUDE.search('--8<-- "run:snippets/tips/x.py"')["path"] == "snippets/tips/x.py"  # type: ignore[index]
    assert DIRECTIVE.search("<!-- graph: snippets/x.py:f caption -->")["path"] == "snippets/x.py"  # type: ignore[index]
