from __future__ import annotations

import html
import json
import sys
from pathlib import Path

import nbformat

from sitebuild.runs.zygote import ZygotePool

from . import reader_runs
from .reader_env import KERNEL
from .support import locales


def venv_like(folder: Path) -> Path:
    """A folder laid out like the reader's venv, running this interpreter, with its kernel."""
    (folder / "bin").mkdir(parents=True)
    python = folder / "bin" / "python"  # a script: a link would lose this venv's packages
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    kernel = folder / "share" / "jupyter" / "kernels" / KERNEL
    kernel.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (kernel / "kernel.json").write_text(json.dumps({"argv": argv, "language": "python"}))
    return folder


def test_a_block_that_fails_alone_is_named_with_its_error(tmp_path: Path) -> None:
    page = tmp_path / "site" / "tips" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(
        '<div class="language-python highlight"><span class="filename">snippets/tips/x.py</span>'
        "<pre><span></span><code>print(undefined_name)\n</code></pre></div>"
    )
    env = venv_like(tmp_path / "env")
    # The env's Python, without torch to import: the block needs none.
    plain = ZygotePool(preload=(), python=str(env / "bin" / "python"))
    failures = reader_runs.run_blocks(tmp_path / "site", env, zygotes=plain)
    assert len(failures) == 1
    assert failures[0].startswith("tips/index.html: snippets/tips/x.py:")
    assert "NameError: name 'undefined_name' is not defined" in failures[0]


def test_the_languages_copies_of_a_block_run_once_and_each_compiles(tmp_path: Path) -> None:
    """Copies that differ in their comments alone run once; a copy whose translation breaks the
    syntax fails, named with its page."""
    ran = tmp_path / "ran"
    code = f"open({str(ran)!r}, 'a').write('ran ')  # {{}}\n"
    copies = {"": code.format("once"), "zh-hans/": code.format("一次")}
    copies["zh-hant/"] = code.format("一次") + '"""\\N"""\n'
    for root, copy in copies.items():
        page = tmp_path / "site" / root / "tips" / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(
            '<div class="language-python highlight"><span class="filename">snippets/tips/x.py'
            f"</span><pre><span></span><code>{html.escape(copy)}</code></pre></div>",
            encoding="utf-8",
        )
    env = venv_like(tmp_path / "env")
    plain = ZygotePool(preload=(), python=str(env / "bin" / "python"))
    failures = reader_runs.run_blocks(tmp_path / "site", env, zygotes=plain)
    assert ran.read_text() == "ran "
    assert len(failures) == 1 and failures[0].startswith("zh-hant/tips/index.html: "), failures
    assert "SyntaxError" in failures[0]


def test_a_notebook_cell_that_raises_is_named_with_its_page(tmp_path: Path) -> None:
    article = Path("tips") / "broken.md"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_code_cell("raise ValueError('cell two')"),
    ]
    path = reader_runs.notebook_path(tmp_path / "site", locales()[0], article)
    path.parent.mkdir(parents=True)
    nbformat.write(notebook, str(path))
    env = venv_like(tmp_path / "env")
    failures = reader_runs.run_notebooks(tmp_path / "site", env, chosen=[article])
    assert len(failures) == 1
    assert failures[0].startswith("tips/broken.md: ") and "ValueError: cell two" in failures[0]


def test_blocks_and_notebooks_keep_compiled_kernels_in_the_projects_cache(tmp_path: Path) -> None:
    """Not in the folder in ``/tmp`` that every clone on the machine shares (COMPILED_IN)."""
    wanted = reader_runs.COMPILED_IN["TORCHINDUCTOR_CACHE_DIR"]
    # tmp_path in the code makes it new content, so no kept pass of an earlier run answers.
    check = f"import os  # {tmp_path}\nassert os.environ['TORCHINDUCTOR_CACHE_DIR'] == {wanted!r}\n"
    page = tmp_path / "site" / "tips" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(
        '<div class="language-python highlight"><span class="filename">snippets/tips/x.py</span>'
        f"<pre><span></span><code>{check}</code></pre></div>"
    )
    env = venv_like(tmp_path / "env")
    plain = ZygotePool(preload=(), python=str(env / "bin" / "python"))
    assert reader_runs.run_blocks(tmp_path / "site", env, zygotes=plain) == []
    article = Path("tips") / "compiles.md"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(check)]
    path = reader_runs.notebook_path(tmp_path / "site", locales()[0], article)
    path.parent.mkdir(parents=True)
    nbformat.write(notebook, str(path))
    assert reader_runs.run_notebooks(tmp_path / "site", env, chosen=[article]) == []


def test_a_notebook_kernel_is_shut_down_and_leaves_no_connection_file(tmp_path: Path) -> None:
    told = tmp_path / "kernel.txt"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell(
            "import os\nfrom ipykernel.connect import get_connection_file\n"
            f"open({str(told)!r}, 'w').write(f'{{os.getpid()}} {{get_connection_file()}}')"
        )
    ]
    article = Path("tips") / "kernel.md"
    path = reader_runs.notebook_path(tmp_path / "site", locales()[0], article)
    path.parent.mkdir(parents=True)
    nbformat.write(notebook, str(path))
    env = venv_like(tmp_path / "env")
    assert reader_runs.run_notebooks(tmp_path / "site", env, chosen=[article]) == []
    pid, connection_file = told.read_text().split(" ", 1)
    assert not Path(connection_file).exists()
    assert not Path(f"/proc/{pid}").exists()
