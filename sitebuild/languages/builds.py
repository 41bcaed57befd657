"""Per-language build behaviour on top of mkdocs-static-i18n.

mkdocs-static-i18n runs one full MkDocs build per language on the same config object. This
module fixes what that leaves wrong for this site:

- every page must exist in every language (a missing one fails the build);
- mkdocstrings renders section titles in the page's language;
- mkdocs-jupyter keeps a cache per language, so the builds stop evicting each other;
- search: each language gets its own index, so a zh-hans reader only sees zh-hans pages;
- ``objects.inv`` and ``404.html``, which every language build rewrites, are kept per language
  and written to its root, the inventory with URLs relative to it;
- Chinese: soft line breaks, which browsers show as spaces, are joined.

Examples:
    >>> docs = [{"location": "a/"}, {"location": "zh-hans/a/"}, {"location": "zh-hant/a/#x"}]
    >>> split_search_entries(docs, ["en", "zh-hans", "zh-hant"], default="en")["zh-hant/"]
    [{'location': 'a/#x'}]
"""

from __future__ import annotations

import json
import re
import shutil
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

from sitebuild.html import search


def i18n(config: MkDocsConfig) -> Any:
    """The mkdocs-static-i18n plugin instance."""
    return config.plugins["i18n"]


def locales(config: MkDocsConfig) -> list[str]:
    """All configured locales, default first, e.g. ``["en", "zh-hans", "zh-hant"]``."""
    languages = sorted(i18n(config).config.languages, key=lambda lang: not lang.default)
    return [str(lang.locale) for lang in languages]


def current_locale(config: MkDocsConfig) -> str:
    """The language being built right now."""
    return str(i18n(config).current_language)


def nav_titles(nav: Any) -> Iterator[str]:
    """Every title of an MkDocs ``nav``, sections included, in order.

    >>> list(nav_titles([{"Home": "index.md"}, {"Tips": [{"Debugging": "d.md"}, "x.md"]}]))
    ['Home', 'Tips', 'Debugging']
    """
    for entry in nav or []:
        if isinstance(entry, dict):
            for title, target in entry.items():
                yield str(title)
                if isinstance(target, list):
                    yield from nav_titles(target)


def untranslated_nav_titles(config: MkDocsConfig) -> list[str]:
    """``<locale>: <title>`` for each ``nav`` title a language's ``nav_translations`` lacks, which
    mkdocs-static-i18n would show in English, silently."""
    return [
        f"{lang.locale}: {title!r}"
        for lang in i18n(config).config.languages
        if not lang.default
        for title in nav_titles(config.nav)
        if title not in (lang.nav_translations or {})
    ]


def check_pages(config: MkDocsConfig) -> None:
    """Fail the build when a page, or a ``nav`` title's translation, is missing in a language."""
    from sitebuild.project import Project  # which imports this module

    if missing := Project.from_config(config).missing_pages():
        raise PluginError("Every page must exist in every language; missing: " + ", ".join(missing))
    if untranslated := untranslated_nav_titles(config):
        raise PluginError(
            "mkdocs.yml: every nav title needs an entry under each language's nav_translations; "
            "missing: " + ", ".join(untranslated)
        )


def configure(config: MkDocsConfig, cache: Path) -> None:
    """Point language-dependent plugin settings at the language being built."""
    locale = current_locale(config)
    # mkdocstrings adds its stylesheet in each language build's on_config, to the one list the
    # builds share: the third language linked it three times.
    config.extra_css[:] = list(dict.fromkeys(config.extra_css))
    if (notebooks := config.plugins.get("dyndocs-jupyter")) is not None:
        notebooks.config["cache_dir"] = str(cache / "jupyter" / locale)


def set_docstrings_locale(config: MkDocsConfig) -> str:
    """Set mkdocstrings' ``locale`` to what mkdocs-static-i18n will make ``theme.language`` for
    the language about to be built (its override, else its locale); return that locale.

    mkdocstrings reads ``theme.language`` in its ``on_config``, before i18n sets it in its own.
    """
    plugin = i18n(config)
    locale = str(plugin.current_language or locales(config)[0])  # None before the first build
    if (docstrings := config.plugins.get("mkdocstrings")) is not None:
        language = next(lang for lang in plugin.config.languages if lang.locale == locale)
        docstrings.config.locale = str((language.theme or {}).get("language") or locale)
    return locale


def split_search_entries(
    docs: list[dict[str, Any]], all_locales: list[str], default: str
) -> dict[str, list[dict[str, Any]]]:
    """Group search entries by language root (``""``, ``"zh-hans/"``), with locations relative
    to it."""
    roots = ["" if locale == default else f"{locale}/" for locale in all_locales]
    split: dict[str, list[dict[str, Any]]] = {root: [] for root in roots}
    for doc in docs:
        where = doc["location"]
        root = next((root for root in roots if root and where.startswith(root)), "")
        split[root].append({**doc, "location": where.removeprefix(root)})
    return split


def split_search_index(config: MkDocsConfig) -> None:
    """Split the merged search index into one per language, which ``overrides/main.html``
    points a non-default language's search at (``<lang>/search/search_index.json``)."""
    site = Path(config.site_dir)
    merged_file = site / "search" / "search_index.json"
    if not merged_file.exists():
        return
    merged = json.loads(merged_file.read_text(encoding="utf-8"))
    entries = search.weigh_entries(merged["docs"], merged["config"]["separator"])
    for root, docs in split_search_entries(entries, locales(config), locales(config)[0]).items():
        target = site / root / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            json.dumps({**merged, "docs": docs}, ensure_ascii=False, separators=(",", ":")),
            encoding="utf-8",
        )
        # Material also fetches sitemap.xml from the same base; it lists every language.
        if root and (site / "sitemap.xml").exists():
            shutil.copyfile(site / "sitemap.xml", site / root / "sitemap.xml")


ROOT_FILES = ("objects.inv", "404.html")  # mkdocstrings' inventory, the theme's 404


def keep_root_files(config: MkDocsConfig, kept: dict[tuple[str, str], bytes]) -> None:
    """Keep the ROOT_FILES the language just built wrote at the site root."""
    for name in ROOT_FILES:
        if (written := Path(config.site_dir) / name).exists():
            kept[current_locale(config), name] = written.read_bytes()


def write_root_files(config: MkDocsConfig, kept: dict[tuple[str, str], bytes]) -> None:
    """Write each language's kept files to its root (``/``, ``/zh-hans/``), the inventory with
    URLs relative to it."""
    site, default = Path(config.site_dir), locales(config)[0]
    for (locale, name), raw in kept.items():
        root = "" if locale == default else f"{locale}/"
        (site / root).mkdir(parents=True, exist_ok=True)
        inventory = root and name == "objects.inv"
        (site / root / name).write_bytes(relocate_inventory(raw, root) if inventory else raw)
    kept.clear()


def relocate_inventory(raw: bytes, prefix: str) -> bytes:
    r"""A Sphinx inventory whose URLs start with ``prefix``, rewritten relative to that folder.

    Examples:
        >>> body = zlib.compress(b"m.f py:function 1 zh-hans/api/#$ -\n")
        >>> raw = b"# Sphinx inventory version 2\n# Project: p\n# Version: 0\n# z\n" + body
        >>> zlib.decompress(relocate_inventory(raw, "zh-hans/").split(b"\n", 4)[4])
        b'm.f py:function 1 api/#$ -\n'
    """
    header = raw.split(b"\n", 4)
    entry = re.compile(rb"^(.+?\s+\S+:\S+\s+-?\d+\s+)" + re.escape(prefix.encode()), re.M)
    body = entry.sub(rb"\1", zlib.decompress(header[4]))
    return b"\n".join(header[:4]) + b"\n" + zlib.compress(body)


def nested_build(config: MkDocsConfig) -> bool:
    """True while mkdocs-static-i18n builds a language other than the default: it runs those
    builds one after another, nested in the default language's ``on_post_build``."""
    return bool(i18n(config).building)


CJK = re.compile(r"[\u2014\u2018-\u201d\u2026\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
BLOCK_START = re.compile(
    r"^\s*(?:[-*+](?:\s|$)|\d+[.)](?:\s|$)|[>|#<]|!!!|\?\?\?|```|~~~|:::|\[\^)"
)
TRAILING_MARKUP = re.compile(r"(?:\*{1,2}|_{1,2}|\]\([^)\s]*\))+$")
"""What may close a line after its last character: emphasis, or the end of a link."""
LEADING_MARKUP = re.compile(r"^(?:\*{1,2}|_{1,2}|\[)+")
"""What may open a line before its first character: emphasis, or the start of a link."""
WIDE_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff00-\uffef]")
"""Full-width punctuation, which carries its own space: none goes next to it."""


def _joins(previous: str, line: str) -> bool:
    """Whether a line break between two lines would show a space to remove."""
    last = TRAILING_MARKUP.sub("", previous.rstrip())[-1:]
    first = LEADING_MARKUP.sub("", line.lstrip())[:1]
    if WIDE_PUNCTUATION.match(last) or WIDE_PUNCTUATION.match(first):
        return bool(last.strip() and first.strip())
    return bool(CJK.match(last) and CJK.match(first))


def unwrap_lines(markdown: str, locale: str) -> str:
    """In Chinese (``locale`` zh-*), join the soft line breaks that browsers render as spaces:
    between Chinese characters (inside emphasis or a link's text too) and next to full-width
    punctuation. Code fences and lines that start a Markdown block are left alone.

    Examples:
        >>> unwrap_lines("动态图\\n很灵活。\\n\\n- 列表\\n- 项目", "zh-hans")
        '动态图很灵活。\\n\\n- 列表\\n- 项目'
        >>> unwrap_lines("下一页讲\\n[梯度累积](zero-grad.md)，只处理**一个**\\n时间步", "zh-hans")
        '下一页讲[梯度累积](zero-grad.md)，只处理**一个**时间步'
        >>> unwrap_lines("见 [控制流](control-flow.md)\\n一页。\\n**粗体**开头的续行", "zh-hans")
        '见 [控制流](control-flow.md)一页。**粗体**开头的续行'
        >>> unwrap_lines("句子。\\n* 列表项\\n1. 编号项", "zh-hans")
        '句子。\\n* 列表项\\n1. 编号项'
        >>> text = "只在其中构建计算图；\\nPyTorch 2 则用\\n`torch.compile`（见下文）"
        >>> unwrap_lines(text, "zh-hans")
        '只在其中构建计算图；PyTorch 2 则用\\n`torch.compile`（见下文）'
    """
    if not locale.startswith("zh"):
        return markdown
    out: list[str] = []
    in_fence = False
    for line in markdown.split("\n"):
        if line.strip().startswith(("```", "~~~")):
            in_fence = not in_fence
            out.append(line)
            continue
        previous = out[-1] if out else ""
        if (
            not in_fence
            and previous.strip()
            and not previous.endswith("  ")  # a hard line break
            and not previous.lstrip().startswith(("```", "~~~", "|", "#"))
            and not BLOCK_START.match(line)
            and _joins(previous, line)
        ):
            out[-1] = previous.rstrip() + line.lstrip()
        else:
            out.append(line)
    return "\n".join(out)
