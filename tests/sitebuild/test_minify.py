"""sitebuild.minify: each page is minified once per content, options and versions."""

from __future__ import annotations

from pathlib import Path

import mkdocs_minify_plugin.plugin
import pytest

from sitebuild.minify import MinifyPlugin

PAGE = """<html>
  <body>
    <!-- a note -->
    <p>one</p>
    <pre>  kept  </pre>
  </body>
</html>"""


@pytest.fixture
def plugin(tmp_path: Path) -> MinifyPlugin:
    made = MinifyPlugin()
    made.config = {"minify_html": True, "htmlmin_opts": {"remove_comments": True}}
    made.cache_dir = tmp_path / "minify"
    return made


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record each page htmlmin is asked to minify."""
    calls: list[str] = []
    minify = mkdocs_minify_plugin.plugin.htmlmin.minify

    def recorded(page: str, **options: object) -> str:
        calls.append(page)
        return minify(page, **options)  # type: ignore[no-any-return]

    monkeypatch.setattr(mkdocs_minify_plugin.plugin.htmlmin, "minify", recorded)
    return calls


def test_an_unchanged_page_is_read_back_not_minified_again(
    plugin: MinifyPlugin, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = counting(monkeypatch)
    first = plugin._minify_html_page(PAGE)
    assert first is not None and "a note" not in first and "<pre>  kept  </pre>" in first
    assert plugin._minify_html_page(PAGE) == first
    assert calls == [PAGE]


def test_a_changed_page_or_option_is_minified_again(
    plugin: MinifyPlugin, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = counting(monkeypatch)
    plugin._minify_html_page(PAGE)
    changed = PAGE.replace("one", "two")
    assert "two" in (plugin._minify_html_page(changed) or "")
    plugin.config = {"minify_html": True, "htmlmin_opts": {"remove_comments": False}}
    assert "a note" in (plugin._minify_html_page(PAGE) or "")
    assert calls == [PAGE, changed, PAGE]


def test_without_minify_html_the_page_is_left_as_it_is(plugin: MinifyPlugin) -> None:
    plugin.config = {"minify_html": False, "htmlmin_opts": {}}
    assert plugin._minify_html_page(PAGE) == PAGE
    assert plugin.cache_dir is not None and not plugin.cache_dir.exists()
