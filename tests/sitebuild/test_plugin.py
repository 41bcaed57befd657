"""sitebuild.plugin: the wiring that keeps work between builds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config import load_config

from sitebuild.plugin import SitePlugin
from sitebuild.project import Project

from .. import support


def test_docstring_templates_are_compiled_once_and_kept(tmp_path: Path) -> None:
    config = load_config(str(support.CONFIG), site_dir=str(tmp_path / "site"))
    docstrings: Any = config.plugins["mkdocstrings"]
    docstrings.on_config(config)
    plugin = SitePlugin()
    plugin.project = Project(tmp_path, tmp_path / "docs", ("en",), "")
    plugin._keep_docstring_templates(config)
    handler = docstrings._handlers.get_handler("python")
    handler.env.get_template("function.html.jinja")
    assert list((tmp_path / ".cache" / "jinja").iterdir()), "no compiled template was kept"
