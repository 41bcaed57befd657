"""sitebuild.pages.jupyter: mkdocs-jupyter asks its include patterns before it reads a page."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import mkdocs_jupyter.plugin
import pytest

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
