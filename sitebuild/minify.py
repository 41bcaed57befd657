"""mkdocs-minify-plugin, with each minified page kept by the digest of what it was made from.

htmlmin parses every page in pure Python: about a second and a quarter of a warm three-language
build, spent again on pages that did not change. This subclass keeps each result under
``.cache/minify``, keyed by the page's HTML, the htmlmin options, htmlmin's and the plugin's
versions, and this module's source, so any of those changing minifies again. It is registered
as ``dyndocs-minify`` and takes mkdocs-minify-plugin's settings.

Examples:
    >>> import shutil, tempfile
    >>> plugin = MinifyPlugin()
    >>> plugin.config = {"minify_html": True, "htmlmin_opts": {"remove_comments": True}}
    >>> plugin.cache_dir = Path(tempfile.mkdtemp())
    >>> plugin._minify_html_page("<p>a</p>  <!-- note -->\\n<p>b</p>")
    '<p>a</p> <p>b</p>'
    >>> len(list(plugin.cache_dir.iterdir()))
    1
    >>> shutil.rmtree(plugin.cache_dir)
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib.metadata import version
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs_minify_plugin.plugin import MinifyPlugin as _MinifyPlugin

from sitebuild import cachefiles
from sitebuild.project import Project


class MinifyPlugin(_MinifyPlugin):  # type: ignore[misc]
    """mkdocs-minify-plugin, which minifies a page's HTML once per content."""

    cache_dir: Path | None = None
    """Where minified pages are kept; ``None`` (before ``on_config``) keeps nothing."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.cache_dir = Project.from_config(config).cache / "minify"
        return config

    def _minify_html_page(self, output: str) -> str | None:
        if self.cache_dir is None or not self.config["minify_html"]:
            return super()._minify_html_page(output)  # type: ignore[no-any-return]
        kept = self.cache_dir / f"{self._key(output)}.html"
        if (text := cachefiles.read_text(kept)) is not None:
            return text
        minified: str | None = super()._minify_html_page(output)
        if minified is not None:
            cachefiles.write_text(kept, minified)
        return minified

    def _key(self, output: str) -> str:
        options = json.dumps(self.config.get("htmlmin_opts") or {}, sort_keys=True)
        digest = hashlib.sha256(output.encode("utf-8"))
        digest.update(f"\0{options}\0{_tools()}".encode())
        return digest.hexdigest()[:32]


@functools.cache
def _tools() -> str:
    """Digest of htmlmin's and the plugin's versions and this module: fixed for a process."""
    parts = [version("htmlmin2").encode(), version("mkdocs-minify-plugin").encode()]
    return hashlib.sha256(b"\0".join([*parts, Path(__file__).read_bytes()])).hexdigest()
