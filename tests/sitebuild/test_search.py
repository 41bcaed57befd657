"""sitebuild.search: code stays out of the index, and each page's entries are made once."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from material.plugins.search.plugin import SearchIndex, SearchPlugin
from mkdocs.structure.toc import AnchorLink

from sitebuild import search

CONFIG: dict[str, Any] = {"lang": ["en"], "separator": r"[\s\-]+", "pipeline": [], "fields": {}}


def page(content: str, anchor: str = "graph") -> SimpleNamespace:
    heading = AnchorLink("计算图", anchor, 2)
    return SimpleNamespace(
        content=content, url="zh-hans/concepts/a/", title="页面", meta={}, toc=[heading]
    )


CONTENT = (
    '<h1 id="page">页面</h1><p>动态图在运行时记录。</p>'
    '<h2 id="graph">计算图</h2><p>每次前向都重建。</p>'
)


def test_code_blocks_leave_the_search_index_and_prose_stays() -> None:
    page = (
        '<p>Use <code>no_grad</code>.</p><div class="language-python highlight"><pre>x</pre></div>'
    )
    lean = search.lean(page)
    assert '<div data-search-exclude class="language-python highlight">' in lean
    assert lean.startswith("<p>Use <code>no_grad</code>.</p>")


def test_cached_entries_are_the_ones_material_makes(tmp_path: Path) -> None:
    material = SearchIndex(**CONFIG)
    material.add_entry_from_context(page(CONTENT))
    cached = search.CachedSearchIndex(tmp_path, **CONFIG)
    cached.add_entry_from_context(page(CONTENT))
    again = search.CachedSearchIndex(tmp_path, **CONFIG)
    again.add_entry_from_context(page(CONTENT))
    assert cached.entries == material.entries == again.entries
    assert material.entries[1]["location"] == "zh-hans/concepts/a/#graph"


def test_a_kept_page_is_not_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    search.CachedSearchIndex(tmp_path, **CONFIG).add_entry_from_context(page(CONTENT))
    monkeypatch.setattr(SearchIndex, "add_entry_from_context", lambda *a: pytest.fail("parsed"))
    index = search.CachedSearchIndex(tmp_path, **CONFIG)
    index.add_entry_from_context(page(CONTENT))
    assert len(index.entries) == 2


@pytest.mark.parametrize(
    "changed",
    [
        lambda p: setattr(p, "content", p.content.replace("每次", "每一次")),
        lambda p: setattr(p, "url", "zh-hans/concepts/b/"),
        lambda p: setattr(p, "title", "另一页"),
        lambda p: p.meta.update(search={"boost": 2}),
        lambda p: setattr(p, "toc", [AnchorLink("计算图", "graph-2", 2)]),
    ],
    ids=["content", "url", "title", "front matter", "anchors"],
)
def test_the_key_covers_what_the_entries_depend_on(changed: Any) -> None:
    before = page(CONTENT)
    after = page(CONTENT)
    changed(after)
    tools = search.tools_digest(CONFIG)
    assert search.entry_key(before, tools) != search.entry_key(after, tools)


def test_a_user_dictionary_for_jieba_is_part_of_the_key(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("计算图 5\n", encoding="utf-8")
    config = {**CONFIG, "jieba_dict_user": str(words)}
    first = search.tools_digest(config)
    words.write_text("计算 5\n", encoding="utf-8")
    assert search.tools_digest(config) != first
    assert first != search.tools_digest(CONFIG)


def test_the_site_search_plugin_gets_the_cached_index(tmp_path: Path) -> None:
    plugin = SearchPlugin()
    plugin.load_config({"lang": ["en"]})
    plugin.search_index = SearchIndex(**plugin.config)
    config = SimpleNamespace(plugins={"material/search": plugin})
    search.cache_entries(config, tmp_path)  # type: ignore[arg-type]
    assert isinstance(plugin.search_index, search.CachedSearchIndex)
    assert plugin.search_index.config["lang"] == ["en"]
    assert plugin.search_index.cache_dir == tmp_path
