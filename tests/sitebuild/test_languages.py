"""sitebuild.languages.builds: what each language must have besides its pages."""

from __future__ import annotations

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError

from sitebuild.languages.builds import check_pages, i18n, untranslated_nav_titles

from ..support import CONFIG


def test_every_nav_title_is_translated_in_every_language() -> None:
    missing = untranslated_nav_titles(load_config(str(CONFIG)))
    assert not missing, f"mkdocs.yml: add to each language's nav_translations: {missing}"


def test_a_missing_nav_translation_fails_the_build_naming_language_and_title() -> None:
    config = load_config(str(CONFIG))
    before = untranslated_nav_titles(config)  # a title being added to the real site is not ours
    zh_hant = next(lang for lang in i18n(config).config.languages if lang.locale == "zh-hant")
    del zh_hant.nav_translations["Summing up"]
    config.nav.append({"A new page": "tips/new.md"})
    assert [title for title in untranslated_nav_titles(config) if title not in before] == [
        "zh-hans: 'A new page'",
        "zh-hant: 'Summing up'",
        "zh-hant: 'A new page'",
    ]
    with pytest.raises(PluginError, match=r"nav_translations; missing: .*zh-hans: 'A new page'"):
        check_pages(config)
