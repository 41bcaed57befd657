"""sitebuild.pages.jupyter: mkdocs-jupyter asks its include patterns before it reads a page, and
runs the notebooks' kernels over an encrypted transport."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import mkdocs_jupyter.plugin
import nbformat
import pytest
import zmq
from nbconvert.nbconvertapp import NbConvertApp
from nbconvert.preprocessors import ExecutePreprocessor

from sitebuild.pages.jupyter import JupyterPlugin

NOTEBOOK = """---
jupyter:
  kernelspec:
    display_name: Python 3
    language: python
    name: python3
---

# A notebook

```python
print(1)
```
"""


@pytest.fixture
def plugin() -> JupyterPlugin:
    found = JupyterPlugin()
    found.config = {"include": ["notebooks/*.md"], "ignore": []}
    return found


def page(folder: Path, relative: str, text: str) -> SimpleNamespace:
    """A MkDocs file of ``text``, written at ``folder / relative``."""
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return SimpleNamespace(abs_src_path=str(path))


def test_a_page_outside_the_patterns_is_not_read(
    plugin: JupyterPlugin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = page(tmp_path, "tips/item.md", NOTEBOOK)
    read: list[str] = []
    monkeypatch.setattr(mkdocs_jupyter.plugin.jupytext, "read", lambda p, *a, **k: read.append(p))
    assert plugin.should_include(file) is False
    assert read == []


def test_a_matching_page_with_a_python_kernel_is_a_notebook(
    plugin: JupyterPlugin, tmp_path: Path
) -> None:
    file = page(tmp_path, "notebooks/first.md", NOTEBOOK)
    assert plugin.should_include(file) is True


def test_a_matching_page_without_a_kernel_is_not(plugin: JupyterPlugin, tmp_path: Path) -> None:
    file = page(tmp_path, "notebooks/plain.md", "# Plain page\n\nText.\n")
    assert plugin.should_include(file) is False


def test_the_notebooks_kernels_get_keys_and_do_not_warn(capfd: pytest.CaptureFixture[str]) -> None:
    """mkdocs-jupyter executes with the settings of ``NbConvertApp``'s config files; a kernel over
    plain TCP warns, once per notebook, in every cold build."""
    if not zmq.has("curve"):
        pytest.skip("this pyzmq has no CurveZMQ, so the kernels run over plain TCP and warn")
    app = NbConvertApp()
    app.load_config_file()
    assert app.config.KernelManager.transport_encryption == "auto", "jupyter_config/ not read"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    ExecutePreprocessor(config=app.config, kernel_name="python3").preprocess(notebook, {})
    assert notebook.cells[0].outputs[0]["text"] == "42\n"
    assert "without encryption" not in capfd.readouterr().err
