"""The root conftest: which pages a run collects, and so whose shown outputs it prepares."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import conftest

from .support import ROOT


def config(*args: str, start: Path = ROOT) -> pytest.Config:
    """What ``selected_pages`` reads of pytest's config: the paths asked for and where from."""
    invocation = SimpleNamespace(dir=start)
    return SimpleNamespace(args=list(args), invocation_params=invocation)  # type: ignore[return-value]


def relative(pages: list[Path]) -> list[str]:
    return [page.relative_to(ROOT).as_posix() for page in pages]


def test_the_whole_suite_prepares_every_english_page() -> None:
    every = sorted(conftest.PAGES.rglob("*.md"))
    assert conftest.selected_pages(config("tests", "docs/en", "dyndocs")) == every
    assert "docs/en/tips/performance.md" in relative(every)


def test_a_page_or_a_folder_asked_for_prepares_only_its_pages() -> None:
    page = "docs/en/tips/performance.md"
    assert relative(conftest.selected_pages(config(f"{page}::sybil:page,line:1"))) == [page]
    tips = relative(conftest.selected_pages(config("tips", start=ROOT / "docs" / "en")))
    assert page in tips and all(p.startswith("docs/en/tips/") for p in tips)


def test_tests_alone_prepare_no_page() -> None:
    assert conftest.selected_pages(config("tests/dyndocs", "docs/zh-hans")) == []


def test_a_pages_titled_block_shares_the_run_of_its_file() -> None:
    """Sybil runs a titled fence as the build and the snippet tests run its file: once."""
    shared = 0
    for page in sorted(conftest.PAGES.rglob("*.md")):
        document = conftest.RenderedPage.parse(str(page), *conftest.pages.parsers)
        for example in document:
            title = conftest.TITLE.search(str(example.region.lexemes.get("arguments", "")))
            if title is None or not title["title"].startswith("snippets/"):
                continue  # an untitled cell, or a section of a dyndocs module
            code = (ROOT / title["title"]).read_text(encoding="utf-8")
            assert conftest.RUNNER.key(str(example.parsed)) == conftest.RUNNER.key(code), (
                f"{page.relative_to(ROOT)}: the block {title['title']} runs apart from its file"
            )
            shared += 1
    assert shared >= 40, f"only {shared} titled snippet blocks found"


def test_every_test_is_in_exactly_one_part() -> None:
    """``make test`` runs ``--part=resources`` and ``--part=others`` side by side."""
    from .conftest import in_part

    site_test = SimpleNamespace(path=ROOT / "tests" / "site" / "test_build.py", fixturenames=[])
    waits = SimpleNamespace(path=ROOT / "tests" / "sitebuild" / "x.py", fixturenames=["built_site"])
    plain = SimpleNamespace(path=ROOT / "tests" / "sitebuild" / "x.py", fixturenames=["tmp_path"])
    page = SimpleNamespace(path=ROOT / "docs" / "en" / "index.md")  # Sybil's items ask nothing
    claims = SimpleNamespace(path=ROOT / "tests" / "docs" / "tips" / "x.py", fixturenames=[])
    for item in (site_test, waits, plain, page, claims):
        parts = [part for part in conftest.PARTS if in_part(item, part)]  # type: ignore[arg-type]
        assert len(parts) == 1, (item, parts)
        assert in_part(item, None)  # type: ignore[arg-type]
    assert in_part(site_test, "resources") and in_part(waits, "resources")  # type: ignore[arg-type]
    assert in_part(plain, "others") and in_part(page, "others")  # type: ignore[arg-type]
    assert in_part(claims, "resources"), "tests/docs evens out the parts"  # type: ignore[arg-type]


def part_config(part: str | None) -> pytest.Config:
    """What ``pytest_ignore_collect`` reads of pytest's config: the part asked for."""
    return SimpleNamespace(getoption=lambda name: {"part": part}[name])  # type: ignore[return-value]


def test_the_resources_part_does_not_parse_the_pages() -> None:
    """Parsing a page runs its shown snippets; the resources part has none of the pages' tests,
    and collecting them kept it from starting the build (``pytest_ignore_collect``)."""
    page = conftest.PAGES / "tips" / "performance.md"
    assert page.is_file()
    assert conftest.pytest_ignore_collect(page, part_config("resources")) is True
    assert conftest.pytest_ignore_collect(conftest.PAGES, part_config("resources")) is True
    for part in ("others", None):
        assert conftest.pytest_ignore_collect(page, part_config(part)) is None
    site_tests = ROOT / "tests" / "site" / "test_build.py"
    assert conftest.pytest_ignore_collect(site_tests, part_config("resources")) is None


def test_the_tests_waiting_for_the_reader_runs_go_last() -> None:
    """The reader's runs are made last: every other test runs while they are made."""
    from .conftest import MADE_LAST, run_order

    plain = SimpleNamespace(path=ROOT / "tests" / "sitebuild" / "x.py", fixturenames=["tmp_path"])
    head = ROOT / "tests" / "site" / "test_head.py"
    site = SimpleNamespace(path=head, fixturenames=["built_site"])
    reader = SimpleNamespace(
        path=ROOT / "tests" / "site" / "test_copy_paste.py", fixturenames=["built_site", MADE_LAST]
    )
    patches = SimpleNamespace(
        path=ROOT / "tests" / "dyndocs" / "x.py", fixturenames=["monkeypatch"]
    )
    items = [patches, reader, site, plain]
    # Last of all, the tests that patch what the background threads share (the monkeypatch
    # fixture waits for them): they wait for nothing by then.
    expected = [plain, site, reader, patches]
    assert sorted(items, key=run_order) == expected  # type: ignore[arg-type]
    from .resources import Resources

    assert MADE_LAST in Resources.NAMES


def test_a_failed_build_is_shown_in_full_once_then_named() -> None:
    from .conftest import SiteBuildFailed, pytest_runtest_makereport

    item = SimpleNamespace(config=SimpleNamespace(stash=pytest.Stash()))

    def report_of(error: BaseException | None) -> object:
        excinfo = None
        if error is not None:
            with pytest.raises(type(error)) as raised:
                raise error
            excinfo = raised
        hook = pytest_runtest_makereport(item, SimpleNamespace(excinfo=excinfo))  # type: ignore[arg-type]
        next(hook)
        try:
            hook.send(SimpleNamespace(longrepr="the build's log"))
        except StopIteration as done:
            return done.value.longrepr
        raise AssertionError("the hook did not return its report")

    assert report_of(RuntimeError("another failure")) == "the build's log"
    assert report_of(None) == "the build's log"
    assert report_of(SiteBuildFailed("strict build failed")) == "the build's log"
    assert report_of(SiteBuildFailed("strict build failed")) == (
        "the strict build failed: its log is in the first such error above"
    )
