"""The site's MkDocs plugin: wiring only. The logic lives in one module per mechanism.

Registered as ``dyndocs-site`` (see ``sitebuild/pyproject.toml``) and listed in ``mkdocs.yml``
after ``i18n``. mkdocs-static-i18n runs one full build per language on the same plugin instance,
so what is computed once per run (benchmark results, the snippet runs) is kept on the instance.
"""

from __future__ import annotations

import logging
import re
from functools import cached_property, partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jieba
import jinja2
import nbformat
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from sitebuild.bench.render import Renderer, render_claims, render_markers
from sitebuild.bench.suite import Shown, Suite
from sitebuild.html import head, search
from sitebuild.languages import builds, glossary
from sitebuild.languages.strings import Strings
from sitebuild.pages import (
    console,
    docstrings,
    errors,
    includes,
    notebook_pages,
    notebooks,
    outputs,
)
from sitebuild.pages.comments import Code
from sitebuild.pages.figures import Figures
from sitebuild.project import Project
from sitebuild.runs import cachefiles
from sitebuild.runs.runner import CodeRunner


class SitePlugin(BasePlugin):  # type: ignore[type-arg]
    """Per-language behaviour, run outputs and benchmark blocks for the guide."""

    project: Project  # these three are set by each language build's on_config
    strings: Strings
    figures: Figures

    def __init__(self) -> None:
        super().__init__()
        self.serving = False
        self.shown: Shown | None = None
        self.notebooks: dict[str, tuple[Any, Path]] = {}
        self.notebook_code: dict[Code, str] = {}  # what ran, for every language of a build
        self.root_files: dict[tuple[str, str], bytes] = {}  # each language's objects.inv, 404

    @cached_property
    def runner(self) -> CodeRunner:
        """One runner, and so one pool of zygotes, for every language build."""
        return CodeRunner(self.project.root, self.project.cache / "runs")

    @cached_property
    def benchmarks(self) -> Suite:
        return Suite(self.project.root, self.project.cache / "bench", serving=self.serving)

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"
        # Search segments Chinese with jieba, whose own stderr handler logs its start at DEBUG.
        jieba.setLogLevel(logging.INFO)

    @event_priority(10)  # before mkdocstrings (0) reads its locale and its Griffe extensions
    def _docstrings_locale(self, config: MkDocsConfig) -> None:
        locale = builds.set_docstrings_locale(config)
        docstrings.set_locale(config.plugins.get("mkdocstrings"), locale)

    @event_priority(-110)  # after mkdocs-static-i18n (-100) has switched the language
    def _configure(self, config: MkDocsConfig) -> MkDocsConfig:
        self.project = Project.from_config(config)
        builds.configure(config, self.project.cache)
        self.strings = Strings.load(self.project.i18n, self.project.locales)
        # The toc extension takes the heading links' title once for the whole config.
        locale = builds.current_locale(config)
        permalink = self.strings.get(locale, "page.permalink")
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = permalink
        config.mdx_configs.setdefault("sitebuild.pages.outputs", {})["locale"] = locale
        self.figures = Figures(self.runner, self.project.cache / "graphs", self.strings)
        return config

    on_config = CombinedEvent(_docstrings_locale, _configure)

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        builds.check_pages(config)
        # Fires once per language; the first prepares every language's outputs, and the others,
        # nested in it, would only look each result up again (a page runs what it lacks itself).
        if not builds.nested_build(config):
            outputs.prepare(self.runner, sorted(self.project.docs_dir.rglob("*.md")))
            self.notebook_code.clear()  # mkdocs serve keeps the plugin from build to build
        if self.shown is None or self.serving:
            self.shown = self.benchmarks.shown()  # measured at most once for all languages

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        assert self.shown is not None
        locale, where = builds.current_locale(config), f"docs/{page.file.src_uri}"
        text = partial(self.strings.get, locale)
        markdown = errors.render(builds.unwrap_lines(markdown, locale), self.runner, text, where)
        names = glossary.column_names(self.strings, locale, self.project.locales)
        markdown = glossary.expand_table(markdown, self.project.glossary, names)
        renderer = Renderer(self.strings, locale)
        markdown = render_claims(markdown, self.shown, renderer, where)
        if self.project.is_article(Path(page.file.src_uri).relative_to(locale)):
            markdown = self._notebook(markdown, page, config, locale, where)
        markdown = render_markers(markdown, self.shown, renderer, where)
        return self.figures.render(markdown, locale, where)

    def _notebook(
        self, markdown: str, page: Page, config: MkDocsConfig, locale: str, where: str
    ) -> str:
        """Make the page's notebook (written after the build) and link it under the title."""
        page_url = str(config.site_url or "").rstrip("/") + "/" + page.url
        context = notebooks.NotebookContext(
            page=where,
            page_url=page_url,
            locale=locale,
            repo_url=config.repo_url,
            figures=self.figures,
        )
        notebook = notebooks.convert(self._expand(markdown, where, config, locale), context)
        name = f"{Path(page.file.src_uri).stem}.ipynb"
        notebooks.check_cells(notebook, self.runner, f"{page.url}{name}", self.notebook_code)
        self.notebooks[page.file.src_uri] = (notebook, Path(page.file.abs_dest_path).parent / name)
        colab = config.repo_url and notebooks.colab_url(
            config.repo_url, config.extra["notebooks"]["branch"], f"{page.url}{name}"
        )
        links = notebooks.links_html(name, colab, partial(self.strings.get, locale))
        return re.sub(r"^(# .*)$", lambda m: f"{m[1]}\n\n{links}", markdown, count=1, flags=re.M)

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        if page.file.src_uri in self.notebooks:
            notebook, path = self.notebooks.pop(page.file.src_uri)
            path.parent.mkdir(parents=True, exist_ok=True)  # MkDocs writes the page after
            nbformat.write(notebook, str(path))
        if self._is_notebook_page(page, config):
            output = notebook_pages.slim(output)
        return search.name_dialogs(
            output, self.strings.get(builds.current_locale(config), "page.search")
        )

    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        # MkDocs makes a new Jinja environment per language build; compiled templates are kept
        # on disk instead of being compiled again three times per build.
        folder = self.project.cache / "jinja"
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
        return env

    @event_priority(10)  # before mkdocs-jupyter (0) reads the notebook from disk
    def on_pre_page(self, page: Page, *, config: MkDocsConfig, files: Files) -> Page:
        """mkdocs-jupyter reads a notebook page from disk, not through Markdown: it is handed a
        copy, its includes expanded and its figures drawn."""
        if page.file.abs_src_path and self._is_notebook_page(page, config):
            locale, where = builds.current_locale(config), f"docs/{page.file.src_uri}"
            text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
            text = builds.unwrap_lines(self._expand(text, where, config, locale), locale)
            text = self.figures.render(text, locale, where)
            code = [f.body for f in notebooks.fences(text) if f.info.split()[:1] == ["python"]]
            text = notebook_pages.keyed(text, self.runner.key("\n\n".join(code)), where)
            copy = self.project.cache / "notebooks" / where
            cachefiles.write_text(copy, text)
            page.file.abs_src_path = str(copy)
        return page

    @staticmethod
    def _expand(markdown: str, where: str, config: MkDocsConfig, locale: str) -> str:
        config_file = Path(config.config_file_path)
        return includes.expand(markdown, source=where, config_file=config_file, locale=locale)

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if self._is_notebook_page(page, config):
            locale = builds.current_locale(config)
            permalink = self.strings.get(locale, "page.permalink")
            html = notebook_pages.without_copy_buttons(html)
            html, ids = notebook_pages.heading_ids(html, permalink)
            draw = partial(self.figures.drawing_html, locale=locale)
            html = notebook_pages.redraw(html, draw, f"docs/{page.file.src_uri}")
            notebook_pages.renumber_toc(page.toc, ids, f"docs/{page.file.src_uri}")
        return search.lean(console.mark_output(html))

    @staticmethod
    def _is_notebook_page(page: Page, config: MkDocsConfig) -> bool:
        """A page mkdocs-jupyter renders from a notebook (``notebooks/*.md``)."""
        renderer = config.plugins.get("dyndocs-jupyter")
        return renderer is not None and bool(renderer.should_include(page.file))

    def on_template_context(  # type: ignore[override]
        self, context: dict[str, Any], *, template_name: str, config: MkDocsConfig
    ) -> dict[str, Any]:
        """The 404 page's words and link home, in the language (``overrides/404.html``), and its
        language switcher leading to each language's home: mkdocs-static-i18n leaves it with the
        links of the page built last, and the 404 page is not that page."""
        locale = builds.current_locale(config)
        context["not_found"] = {
            k: self.strings.get(locale, f"page.not_found.{k}") for k in ("title", "home")
        }
        context["language_root"] = self.project.language_root(locale)
        if template_name == "404.html":
            base = urlsplit(str(config.site_url or "/")).path.rstrip("/") + "/"
            # Material's template reads extra.alternate, the attribute mkdocs-static-i18n sets
            for alternate in getattr(context["config"].extra, "alternate", []):
                alternate["link"] = base + self.project.language_root(alternate["lang"])
        return context

    def on_page_context(  # type: ignore[override]
        self, context: dict[str, Any], *, page: Page, config: MkDocsConfig, nav: Any
    ) -> dict[str, Any]:
        """The language's root, and what ``overrides/main.html`` puts in the page's ``<head>``
        (sitebuild/html/head.py)."""
        project, locale = self.project, builds.current_locale(config)
        roots = {other: project.language_root(other) for other in project.locales}
        path, site_url = page.url.removeprefix(roots[locale]), str(config.site_url or "")
        where = f"docs/{page.file.src_uri}"
        title = config.site_name if page.is_homepage else f"{page.title} - {config.site_name}"
        context["language_root"] = roots[locale]
        context["page_head"] = {
            "description": head.description_of(page.content or "", locale, where),
            "title": title,
            "alternates": head.alternates(site_url, path, roots),
            "og_locale": head.OG_LOCALE.get(locale, locale),
        }
        return context

    @event_priority(-50)  # mkdocstrings wrote objects.inv in on_env; i18n (-100) builds on next
    def _keep_root_files(self, config: MkDocsConfig) -> None:
        builds.keep_root_files(config, self.root_files)

    @event_priority(-110)  # after mkdocs-static-i18n has built every language and merged search
    def _finish_languages(self, config: MkDocsConfig) -> None:
        if not builds.nested_build(config):
            builds.split_search_index(config)
            builds.write_root_files(config, self.root_files)
            cachefiles.prune_unused(self.project.cache)
            if not self.serving:
                self.shown = None  # a later build in the same process reads the results again

    on_post_build = CombinedEvent(_keep_root_files, _finish_languages)
