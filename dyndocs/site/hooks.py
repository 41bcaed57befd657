"""MkDocs hooks: wiring only. The logic lives in one module per mechanism."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from dyndocs.bench import build as benchmarks
from dyndocs.bench.render import render_page
from dyndocs.site import ROOT, includes, languages, outputs

_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


@event_priority(-110)  # after mkdocs-static-i18n (-100) has switched the language
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    languages.configure(config)
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    languages.check_pages(config)
    # Fires once per language; cached outputs make the later calls cheap.
    outputs.prepare(sorted((ROOT / "docs").rglob("*.md")))
    benchmarks.result_sets(serving=_serving)  # measured at most once for all languages


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    sets = benchmarks.result_sets(serving=_serving)
    where = f"docs/{page.file.src_uri}"
    locale = languages.current_locale(config)
    if locale.startswith("zh"):
        markdown = languages.join_cjk_lines(markdown)
    return render_page(markdown, sets, locale, where)


@event_priority(10)  # before mkdocs-jupyter (0) reads the notebook from disk
def on_pre_page(page: Page, config: MkDocsConfig, files: Files) -> Page:
    notebooks = config.plugins.get("mkdocs-jupyter")
    if notebooks is not None and page.file.abs_src_path and notebooks.should_include(page.file):
        copy = includes.expanded_copy(Path(page.file.abs_src_path), ROOT / ".cache" / "notebooks")
        page.file.abs_src_path = str(copy)
    return page


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> Any:
    context["language_root"] = languages.language_root(config)
    return context


@event_priority(-50)  # mkdocstrings wrote objects.inv in on_env; i18n (-100) builds on next
def _keep_inventory(config: MkDocsConfig) -> None:
    languages.keep_inventory(config)


@event_priority(-110)  # after mkdocs-static-i18n has built every language and merged search
def _finish_languages(config: MkDocsConfig) -> None:
    if languages.all_languages_built(config):
        languages.split_search_index(config)
        languages.write_inventories(config)


on_post_build = CombinedEvent(_keep_inventory, _finish_languages)
