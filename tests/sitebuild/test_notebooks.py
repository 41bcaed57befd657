"""sitebuild.pages.notebooks: a page becomes its notebook, or fails naming the page or the cell."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from sitebuild.languages.strings import Strings
from sitebuild.pages.figures import Figures
from sitebuild.pages.notebooks import (
    NotebookContext,
    NotebookFailed,
    check_cells,
    convert,
    setup_cell,
)
from sitebuild.project import Project
from sitebuild.runs.runner import CodeRunner

PAGE = """# A page

Intro with [a link](../tips/performance.md#batching) and [outside](https://pytorch.org).

## Section {#section .entry}

```python title="snippets/a.py"
print("hi")
```

```text title="Output"
hi
```

!!! note "Changes"
    - one
    - two

After the note.

```bash
make test
```
"""


@pytest.fixture
def context(project: Project, runner: CodeRunner, tmp_path: Path) -> NotebookContext:
    strings = Strings.load(project.i18n, project.locales)
    return NotebookContext(
        page="docs/en/concepts/a.md",
        page_url="https://x.io/concepts/a/",
        locale="en",
        repo_url="https://github.com/owner/guide",
        figures=Figures(runner, tmp_path / "graphs", strings),
    )


def test_a_page_becomes_cells_in_reading_order(context: NotebookContext) -> None:
    notebook = convert(PAGE, context)
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds == ["markdown", "code", "markdown", "code", "markdown"]
    assert notebook.cells[0].source.startswith("# A page\n\nThis notebook is generated from")
    assert "git+https://github.com/owner/guide" in notebook.cells[1].source
    intro = notebook.cells[2].source
    assert "[a link](https://x.io/tips/performance/#batching)" in intro
    assert "[outside](https://pytorch.org)" in intro and intro.endswith("\n\n## Section")
    code = notebook.cells[3]
    assert code.source == 'print("hi")'
    assert code.outputs[0]["text"] == "hi\n"
    rest = notebook.cells[4].source
    assert "> **Changes**\n> - one\n> - two\n>\n\nAfter the note." in rest
    assert "```bash\nmake test\n```" in rest


def test_the_same_page_gives_the_same_notebook(context: NotebookContext) -> None:
    first, again = convert(PAGE, context), convert(PAGE, context)
    assert nbformat.writes(first) == nbformat.writes(again)
    ids = [cell.id for cell in first.cells]
    assert len(set(ids)) == len(ids)
    changed = convert(PAGE.replace('print("hi")', 'print("hey")'), context)
    assert changed.cells[3].id != first.cells[3].id
    assert changed.cells[2].id == first.cells[2].id


def test_without_a_repository_the_setup_cell_says_how_to_install() -> None:
    assert "pip install . in the guide's repository" in setup_cell(None)
    compile(setup_cell(None), "setup", "exec")
    compile(setup_cell("https://github.com/o/g"), "setup", "exec")


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("# Title\n", "the notebook would be empty"),
        ('# Title\n\n```text title="Output"\nhi\n```\n', "an output block with no code"),
        ("# Title\n\n<!-- graph: snippets/a.py -->\n", "a directive that does not parse"),
        ("No title\n", "the page has no title"),
        ("# Title\n\n```python\nx = 1\n", "a fence at line 3 never closes"),
        (
            "# Title\n\n<!-- graph: snippets/none.py:f | c -->\n",
            "<!-- graph: snippets/none.py:f -->: no snippet snippets/none.py",
        ),
    ],
    ids=[
        "empty",
        "output-without-code",
        "malformed-directive",
        "no-title",
        "unclosed-fence",
        "missing-snippet",
    ],
)
def test_a_page_that_cannot_become_a_whole_notebook_fails_by_name(
    context: NotebookContext, page: str, expected: str
) -> None:
    with pytest.raises(NotebookFailed, match=f"docs/en/concepts/a.md: {expected}"):
        convert(page, context)


def test_a_cell_that_raises_fails_naming_the_notebook_and_the_cell(
    context: NotebookContext, runner: CodeRunner
) -> None:
    page = PAGE.replace('print("hi")', 'raise ValueError("broken cell")')
    with pytest.raises(
        NotebookFailed, match=r"(?s)concepts/a/a\.ipynb: cell 4 raised.*broken cell"
    ):
        check_cells(convert(page, context), runner, "concepts/a/a.ipynb", {})


def test_a_translated_cell_compiles_then_runs_as_the_first_languages_did(
    project: Project, tmp_path: Path
) -> None:
    """Cells whose comments alone differ run once; a translation that breaks the syntax fails,
    naming its notebook and cell."""
    runner = CodeRunner(project.root, tmp_path / "runs")

    def notebook(code: str) -> nbformat.NotebookNode:
        cells = [nbformat.v4.new_markdown_cell("# A"), nbformat.v4.new_code_cell("pass")]
        return nbformat.v4.new_notebook(cells=[*cells, nbformat.v4.new_code_cell(code)])

    ran: dict = {}
    check_cells(notebook('print("hi")  # greet\n'), runner, "a/a.ipynb", ran)
    check_cells(notebook('print("hi")  # 打招呼\n'), runner, "zh-hans/a/a.ipynb", ran)
    assert len(list((tmp_path / "runs").rglob("*.json"))) == 1
    broken = notebook('print("hi")  # 打招呼\n"""\\N"""\n')
    with pytest.raises(NotebookFailed, match=r"zh-hant/a/a\.ipynb: cell 3 does not compile"):
        check_cells(broken, runner, "zh-hant/a/a.ipynb", ran)
