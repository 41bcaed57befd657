"""The notebooks of the built site: one per article and language, faithful, linked, runnable."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import nbformat

from sitebuild.languages.strings import Strings
from sitebuild.pages.comments import code_tokens
from sitebuild.pages.includes import expand
from sitebuild.pages.notebooks import colab_url
from sitebuild.project import load_config

from ..reader_runs import articles, code_cells, notebook_path, run_notebooks
from ..support import CONFIG, ROOT, TEST_REPO_URL, docs, locales, project

BRANCH = load_config(CONFIG).extra["notebooks"]["branch"]


def test_every_article_has_a_notebook_in_every_language(built_site: Path) -> None:
    assert {page.parts[0] for page in articles()} == set(project().sections), (
        "a section has no article"
    )
    found = [notebook_path(built_site, loc, p) for loc in locales() for p in articles()]
    missing = [str(path.relative_to(built_site)) for path in found if not path.is_file()]
    assert not missing, f"articles without their notebook: {missing}"
    for path in found:
        nbformat.validate(nbformat.read(str(path), as_version=4))
    assert not (built_site / "performance" / "performance.ipynb").exists()
    assert not list((built_site / "reference").rglob("*.ipynb"))


def test_the_languages_hold_the_same_code_cells(built_site: Path) -> None:
    """The same code, with its comments in the notebook's language."""
    for page in articles():
        cells = {
            loc: code_cells(nbformat.read(str(notebook_path(built_site, loc, page)), 4))
            for loc in locales()
        }
        code = {loc: [code_tokens(cell) for cell in found] for loc, found in cells.items()}
        first = code[locales()[0]]
        assert all(c == first for c in code.values()), f"{page}: code cells differ by language"
        assert all(cells[loc] != cells[locales()[0]] for loc in locales()[1:]), (
            f"{page}: a Chinese notebook shows the English comments"
        )


def test_a_notebook_holds_its_page_in_order(built_site: Path) -> None:
    """No drift: the code cells are the page's code blocks, in the page's order."""
    for locale in locales():
        for page in articles():
            text = (docs(locale) / page).read_text(encoding="utf-8")
            source = f"docs/{locale}/{page}"
            expanded = expand(text, source=source, config_file=CONFIG, locale=locale)
            blocks = re.findall(r"^```python[^\n]*\n(.*?)\n```$", expanded, re.M | re.S)
            notebook = nbformat.read(str(notebook_path(built_site, locale, page)), 4)
            written = [c for c in notebook.cells if c.cell_type == "code"][1:]  # after set-up
            # A figure's cell (a drawing's show(), a stepper's frames) is the build's, not a block.
            cells = [c.source for c in written if not c.metadata.get("dyndocs", {}).get("figure")]
            cells = [c for c in cells if "show(" not in c]
            assert cells == blocks, f"{locale}/{page}: the notebook drifted from its page"
            prose = [c.source for c in notebook.cells if c.cell_type == "markdown"]
            assert not [p for p in prose if "{#" in p], f"{locale}/{page}: a heading keeps its id"
            outputs = sum(1 for c in notebook.cells if c.cell_type == "code" and c.outputs)
            assert outputs >= len(re.findall(r'^--8<-- "run:', text, re.M)), f"{locale}/{page}"


def test_a_steppers_cell_prints_its_steps_in_the_notebooks_language(built_site: Path) -> None:
    printed = 0
    for locale in locales():
        forward = Strings.load(project().i18n, [locale]).get(locale, "stepper.forward")
        for page in articles():
            notebook = nbformat.read(str(notebook_path(built_site, locale, page)), 4)
            for cell in notebook.cells:
                figure = cell.get("metadata", {}).get("dyndocs", {}).get("figure", False)
                if figure and cell.source.startswith("print("):
                    printed += 1
                    assert forward in cell.outputs[0].text, f"{locale}/{page}: {cell.source}"
    assert printed, "no notebook has a stepper's cell"


def test_every_article_links_its_notebook_and_colab(built_site: Path) -> None:
    for locale in locales():
        root = built_site if locale == locales()[0] else built_site / locale
        for page in articles():
            html = (root / page.with_suffix("") / "index.html").read_text(encoding="utf-8")
            links = re.search(r'<p class="notebook-links"[^>]*>(.*?)</p>', html)
            assert links, f"{locale}/{page}: no notebook links"
            download = re.search(r'<a href="([^"]+)" download>([^<]+)</a>', links[1])
            assert download and (root / page.with_suffix("") / download[1]).is_file()
            colab = re.search(r'<a href="(https://colab[^"]+)">([^<]+)</a>', links[1])
            relative = notebook_path(built_site, locale, page).relative_to(built_site).as_posix()
            assert colab and colab[1] == colab_url(TEST_REPO_URL, BRANCH, relative)
            texts = {download[2], colab[2]}
            assert len(texts) == 2 and texts.isdisjoint({"Download notebook", "Open in Colab"}) == (
                locale != "en"
            ), f"{locale}/{page}: link texts not in the page's language: {texts}"


def test_the_deploy_workflow_publishes_to_the_branch_colab_opens() -> None:
    workflow = (ROOT / ".github" / "workflows" / "deploy.yml").read_text(encoding="utf-8")
    command = re.search(r"branch=\$\((.*)\)", workflow)
    assert command, "the deploy workflow no longer reads the branch from mkdocs.yml"
    done = subprocess.run(["bash", "-c", command[1]], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == BRANCH
    assert "REPO_URL: https://github.com/${{ github.repository }}" in workflow


def test_the_notebook_page_stays_rendered_in_every_language(built_site: Path) -> None:
    """mkdocs-static-i18n#198: later languages' notebook pages must not overwrite the first's."""
    pages_by_locale = {}
    for locale in locales():
        root = built_site if locale == locales()[0] else built_site / locale
        html = (root / "notebooks" / "first-graph" / "index.html").read_text(encoding="utf-8")
        assert "jp-Cell" in html and "kernelspec" not in html, f"{locale}: not rendered"
        assert re.search(r'<svg[^>]*class="graph"', html), f"{locale}: the drawing is missing"
        # The cell's own drawing, drawn again in the page's language (notebook_pages.redraw).
        output = Strings.load(project().i18n, [locale]).get(locale, "graph.node.output")
        assert f">{output}</text>" in html, f"{locale}: the drawing's output node is not {output}"
        assert re.search(rf'<svg[^>]*aria-label="[^"]*{output}', html), f"{locale}: its label"
        # A cell is a Material code block, with Material's copy button, not mkdocs-jupyter's too.
        assert "<clipboard-copy" not in html and "ClipboardCopyElement" not in html, locale
        cell = r'<div (?:data-search-exclude )?class="highlight-ipynb hl-python highlight"><pre>'
        assert re.search(cell, html), f"{locale}: a code cell is not a Material code block"
        pages_by_locale[locale] = re.sub(r"<[^>]+>", "", html)
    own = {
        "en": "walks that graph back to the leaves",
        "zh-hans": "回溯到叶子节点",
        "zh-hant": "回溯到葉節點",
    }
    for locale, text in pages_by_locale.items():
        assert own[locale] in text, f"{locale}: the page shows another language's notebook"


# -- running every notebook where a reader would ---------------------------------------------


LIST_DISTRIBUTIONS = (
    "import importlib.metadata as m, json; "
    "print(json.dumps([d.metadata['Name'] for d in m.distributions()]))"
)


def test_the_reader_environment_has_torch_and_dyndocs_only(reader_env: Path) -> None:
    # The installed distributions, as the venv's own Python sees them (it has no pip).
    listing = subprocess.run(
        [str(reader_env / "bin" / "python"), "-c", LIST_DISTRIBUTIONS],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    names = {name.lower() for name in json.loads(listing)}
    assert {"torch", "dyndocs", "ipykernel"} <= names
    assert not names & {"mkdocs", "dyndocs-sitebuild", "sybil", "pytest"}
    # Byte-compiled when made: a machine may forbid writing bytecode on import, and then every
    # kernel and every copied block would compile torch again.
    torch_init = next((reader_env / "lib").glob("python3*/site-packages/torch/__init__.py"))
    assert list((torch_init.parent / "__pycache__").glob("__init__.cpython-*.pyc"))


def test_every_notebook_runs_top_to_bottom_in_a_fresh_kernel(
    built_site: Path, reader_env: Path
) -> None:
    """The English notebooks, each in a fresh kernel of the reader's environment
    (:mod:`tests.reader_runs`), side by side."""
    failures = run_notebooks(built_site, reader_env)
    assert not failures, "\n\n".join(failures)
