"""mkdocs.yml: ``mkdocs serve`` rebuilds when anything a page is made from changes."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mkdocs.config import load_config

from sitebuild.pages import errors
from sitebuild.pages.figures import DIRECTIVE
from sitebuild.pages.includes import include_target

from .support import CONFIG, ROOT, project


def watched() -> list[Path]:
    """What ``mkdocs serve`` watches: the docs, the config file and ``watch``."""
    config = load_config(str(CONFIG))
    found = [Path(config.docs_dir), Path(config.config_file_path), *map(Path, config.watch)]
    return [path.resolve() for path in found]


def is_watched(path: Path, folders: list[Path]) -> bool:
    return any(path == folder or path.is_relative_to(folder) for folder in folders)


def included_files(text: str) -> list[str]:
    """The files a page includes (shown or run) or draws a figure from, as the page names them."""
    found = []
    for line in text.splitlines():
        if target := include_target(line):
            found.append(target.removeprefix("run:").split(":")[0])
    return found + [
        m["path"] for m in (*DIRECTIVE.finditer(text), *errors.DIRECTIVE.finditer(text))
    ]


def unwatched_includes(pages: Iterable[Path], folders: list[Path]) -> dict[str, str]:
    """Each included file outside ``folders``, with the first page that includes it."""
    unwatched: dict[str, str] = {}
    for page in pages:
        for name in included_files(page.read_text(encoding="utf-8")):
            path = (ROOT / name).resolve()
            if path.exists() and not is_watched(path, folders):
                where = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page
                unwatched.setdefault(name, where.as_posix())
    return unwatched


def test_every_file_a_page_includes_is_watched() -> None:
    unwatched = unwatched_includes(sorted(project().docs_dir.rglob("*.md")), watched())
    shown = [f"{name} (included by {page})" for name, page in sorted(unwatched.items())[:5]]
    assert not unwatched, (
        f"mkdocs serve would not rebuild when {len(unwatched)} included files change; add their "
        f"folders to mkdocs.yml's watch: {', '.join(shown)}"
    )


def test_the_languages_words_and_the_theme_overrides_are_watched() -> None:
    config = load_config(str(CONFIG))
    assert is_watched(project().i18n.resolve(), watched()), "i18n/ (every UI string) is not watched"
    custom_dir = Path(config.theme.custom_dir).resolve()
    assert is_watched(custom_dir, watched()), "overrides/ is not watched"


def test_the_check_finds_includes_outside_the_watched_folders(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        '--8<-- "run:snippets/notebooks/first-graph.py"\n'
        '    --8<-- "dyndocs/graph/draw.py:section"\n'
        "<!-- graph: snippets/tips/zero-grad/accumulation.py:graphs | A caption. -->\n",
        encoding="utf-8",
    )
    found = unwatched_includes([page], [(ROOT / "docs").resolve()])
    assert sorted(found) == [
        "dyndocs/graph/draw.py",
        "snippets/notebooks/first-graph.py",
        "snippets/tips/zero-grad/accumulation.py",
    ]
    assert unwatched_includes([page], watched()) == {}
