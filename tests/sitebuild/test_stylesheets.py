"""sitebuild.stylesheets: Material's stylesheet without the rules no page can match."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.stylesheets import purge, purge_site, retarget_site, used, vocabulary

WORDS, PREFIXES = vocabulary(
    ['<div class="md-typeset note" id="top"><p>md-banner</p></div>'],
    ['el.classList.add("md-tooltip--active"); x = `md-source__fact--${kind}`'],
)


@pytest.mark.parametrize(
    ("selector", "kept"),
    [
        (".md-typeset p", True),
        ("#top", True),
        (".md-typeset .admonition", False),
        (".md-banner", False),  # text on a page is not a class
        (".md-tooltip--active", True),  # a script adds it
        (".md-source__fact--version", True),  # a script builds it from its prefix
        (".md-typeset :is(.admonition,.tabbed)", True),  # may match without them
        ("p:not(.admonition)", True),
        ("[data-md-color-scheme=slate]", True),
        ("html", True),
    ],
)
def test_a_selector_is_kept_when_its_names_can_be_on_a_page(selector: str, kept: bool) -> None:
    assert used(selector, WORDS, PREFIXES) is kept


def test_rules_media_blocks_and_other_at_rules() -> None:
    css = (
        "@font-face{font-family:x;src:url(a.woff2)}"
        ".md-nav,.md-typeset a{color:red}"
        "@media screen{.md-nav{x:y}}"
        "@media print{.note{x:y}}"
        "@keyframes spin{0%{opacity:0}}"
    )
    assert purge(css, WORDS, PREFIXES) == (
        "@font-face{font-family:x;src:url(a.woff2)}"
        ".md-typeset a{color:red}"
        "@media print{.note{x:y}}"
        "@keyframes spin{0%{opacity:0}}"
    )


def test_the_site_links_the_purged_sheet_under_a_name_of_its_own(tmp_path: Path) -> None:
    site = tmp_path / "site"
    sheets = site / "assets" / "stylesheets"
    sheets.mkdir(parents=True)
    (sheets / "main.0000.min.css").write_text(".md-nav{a:b}.md-typeset{c:d}", encoding="utf-8")
    (site / "zh").mkdir()
    link = '<link rel="stylesheet" href="{}assets/stylesheets/main.0000.min.css">'
    (site / "index.html").write_text(link.format("") + '<p class="md-typeset">', "utf-8")
    (site / "zh" / "index.html").write_text(link.format("../") + "<p>", encoding="utf-8")
    purged = purge_site(site, tmp_path / "cache")
    assert purged is not None and purged.name != "main.0000.min.css"
    assert purged.read_text(encoding="utf-8") == ".md-typeset{c:d}"
    assert not (sheets / "main.0000.min.css").exists()
    for page in ["index.html", "zh/index.html"]:
        html = (site / page).read_text(encoding="utf-8")
        assert purged.name in html and "main.0000" not in html
    assert len(list((tmp_path / "cache").iterdir())) == 1


def test_unreadable_css_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match="unreadable CSS rule"):
        purge(".md-typeset{a:b}.md-nav", WORDS, PREFIXES)  # a rule without its block


def test_a_kept_purge_is_for_the_same_sheet_vocabulary_and_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sitebuild import stylesheets

    def site(name: str, page: str) -> Path:
        root = tmp_path / name
        (root / "assets" / "stylesheets").mkdir(parents=True)
        sheet = root / "assets" / "stylesheets" / "main.0000.min.css"
        sheet.write_text(".a{x:y}.b{x:y}", encoding="utf-8")
        (root / "index.html").write_text(page, encoding="utf-8")
        return root

    cache = tmp_path / "cache"
    purge_site(site("one", '<p class="a">'), cache)
    purge_site(site("two", '<p class="b">'), cache)
    assert len(list(cache.iterdir())) == 2
    other_code = tmp_path / "stylesheets.py"
    other_code.write_text("# another version of the module\n", encoding="utf-8")
    monkeypatch.setattr(stylesheets, "__file__", str(other_code))
    purge_site(site("three", '<p class="b">'), cache)
    assert len(list(cache.iterdir())) == 3


def test_the_palette_sheet_is_linked_under_a_name_of_its_own_with_the_readers_mark(
    tmp_path: Path,
) -> None:
    sheets = tmp_path / "assets" / "stylesheets"
    sheets.mkdir(parents=True)
    rule = "[data-md-color-switching] *,[data-md-color-switching] :after{transition:none}"
    (sheets / "palette.0000.min.css").write_text(rule + "[data-md-color-scheme=slate]{a:b}")
    (tmp_path / "index.html").write_text('<link href="assets/stylesheets/palette.0000.min.css">')
    sheet = retarget_site(tmp_path)
    assert (
        sheet is not None
        and sheet.name.startswith("palette.")
        and sheet.name != "palette.0000.min.css"
    )
    assert sheet.read_text() == (
        "[data-palette-switching] *,[data-palette-switching] :after{transition:none}"
        "[data-md-color-scheme=slate]{a:b}"
    )
    assert not (sheets / "palette.0000.min.css").exists()
    assert sheet.name in (tmp_path / "index.html").read_text()


def test_a_palette_sheet_without_the_switching_rule_is_an_error_naming_it(tmp_path: Path) -> None:
    sheets = tmp_path / "assets" / "stylesheets"
    sheets.mkdir(parents=True)
    (sheets / "palette.0000.min.css").write_text("[data-md-color-scheme=slate]{a:b}")
    with pytest.raises(
        ValueError, match=r"palette\.0000\.min\.css: no \[data-md-color-switching\]"
    ):
        retarget_site(tmp_path)
