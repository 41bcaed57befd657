"""Bad input fails the build with a message that names the file and what is wrong.

Each case builds a small three-language project that inherits the real
``mkdocs.yml`` (same plugins, hooks and Markdown extensions) with one fault.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dyndocs.site import ROOT
from dyndocs.site.includes import IncludeError, expand

from .conftest import mkdocs_build
from .helpers import LOCALES

GOOD = "# Page\n\n## Section {#section}\n\nText.\n"


def build_project(tmp_path: Path, pages: dict[str, str]) -> tuple[int, str]:
    """Build ``pages`` (``"en/index.md"`` → Markdown) strictly; return exit status and log."""
    docs = tmp_path / "docs"
    for name, text in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    for shared in ("overrides", "snippets", "dyndocs", ".cache"):
        (tmp_path / shared).symlink_to(ROOT / shared)
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\nnav: [{{Home: index.md}}, {{Other: other.md}}]\n",
        encoding="utf-8",
    )
    done = mkdocs_build(config, tmp_path / "site")
    return done.returncode, done.stderr


def three_languages(index: str, other: str = GOOD) -> dict[str, str]:
    pages = {}
    for locale in LOCALES:
        pages[f"{locale}/index.md"] = index
        pages[f"{locale}/other.md"] = other
    return pages


def test_the_small_project_builds(tmp_path: Path) -> None:
    status, log = build_project(tmp_path, three_languages(GOOD + "[other](other.md#section)\n"))
    assert status == 0, log[-3000:]


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("[gone](missing.md)", "missing.md"),
        ("[anchor](other.md#no-such-anchor)", "no-such-anchor"),
        ('```python\n--8<-- "snippets/no/such/file.py"\n```', "snippets/no/such/file.py"),
        (
            '```python\n--8<-- "snippets/notebooks/first-graph.py:no_such_section"\n```',
            "no_such_section",
        ),
    ],
    ids=["broken-link", "broken-anchor", "missing-snippet", "missing-section"],
)
def test_fault_fails_the_build(tmp_path: Path, fault: str, expected: str) -> None:
    status, log = build_project(tmp_path, three_languages(GOOD + fault + "\n"))
    assert status != 0, f"the build passed despite {fault!r}"
    assert expected in log, f"the build log does not name {expected!r}:\n{log[-3000:]}"
    assert "index.md" in log, f"the build log does not name the page:\n{log[-3000:]}"


def test_failing_example_fails_the_build(tmp_path: Path) -> None:
    snippet = ROOT / ".cache" / "bad-input" / "failing.py"  # outside snippets/: no orphan check
    snippet.parent.mkdir(parents=True, exist_ok=True)
    snippet.write_text("raise ValueError('this example is broken')\n", encoding="utf-8")
    fault = f'```text\n--8<-- "run:{snippet.relative_to(ROOT)}"\n```\n'
    status, log = build_project(tmp_path, three_languages(GOOD + fault))
    assert status != 0
    assert "failing.py" in log and "this example is broken" in log, log[-3000:]


def test_page_missing_in_one_language_fails_the_build(tmp_path: Path) -> None:
    pages = three_languages(GOOD)
    del pages["zh-hant/other.md"]
    status, log = build_project(tmp_path, pages)
    assert status != 0
    assert "docs/zh-hant/other.md" in log, log[-3000:]


def test_missing_section_is_named_with_page_and_line() -> None:
    text = '# Page\n\n```python\n--8<-- "snippets/notebooks/first-graph.py:nope"\n```\n'
    with pytest.raises(
        IncludeError,
        match=r'docs/en/page\.md, line 4 \(--8<-- "snippets/notebooks/first-graph\.py:nope"\)',
    ):
        expand(text, source="docs/en/page.md")
