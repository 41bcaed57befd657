"""The root conftest: which pages a run collects, and so whose shown outputs it prepares."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import conftest
from sitebuild.runs.runner import CodeRunner

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


def test_a_pages_titled_block_shares_the_run_of_its_file(runner: CodeRunner) -> None:
    """Sybil runs a titled fence as the build and the snippet tests run its file: once."""
    shared = 0
    for page in sorted(conftest.PAGES.rglob("*.md")):
        document = conftest.RenderedPage.parse(str(page), *conftest.pages.parsers)
        for example in document:
            title = conftest.TITLE.search(str(example.region.lexemes.get("arguments", "")))
            if title is None or not title["title"].startswith("snippets/"):
                continue  # an untitled cell, or a section of a dyndocs module
            code = (ROOT / title["title"]).read_text(encoding="utf-8")
            assert runner.key(str(example.parsed)) == runner.key(code), (
                f"{page.relative_to(ROOT)}: the block {title['title']} runs apart from its file"
            )
            shared += 1
    assert shared >= 40, f"only {shared} titled snippet blocks found"


def test_a_failed_build_is_shown_in_full_once_then_named() -> None:
    from .conftest import LOG_ELSEWHERE, SiteBuildFailed, pytest_runtest_makereport

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
    assert report_of(SiteBuildFailed("strict build failed")) == LOG_ELSEWHERE


def test_one_worker_of_a_run_reports_a_failed_build_in_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under xdist each worker's build fixture fails; the first to claim the run's marker shows
    the log, the others name where it is."""
    from .conftest import first_to_report

    run = SimpleNamespace(getbasetemp=lambda: tmp_path / "popen-gw0")
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    assert first_to_report(run) is True  # type: ignore[arg-type]
    assert first_to_report(run) is False  # type: ignore[arg-type]
    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    assert first_to_report(run) is True  # type: ignore[arg-type]


def test_make_test_keeps_each_files_tests_on_one_worker() -> None:
    """Sybil runs a page's or a docstring's examples in order, in one namespace: xdist must not
    share them out between workers (``--dist loadfile``; xdist 3.8's ``loadgroup`` cannot group
    them under pytest 9)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    (default,) = re.findall(r"^PYTEST_ARGS \?= (.+)$", makefile, re.MULTILINE)
    assert "-n auto" in default and "--dist loadfile" in default, default


def test_a_failed_build_shows_its_error_without_mkdocs_info_lines() -> None:
    from .conftest import build_failure

    log = "INFO    -  Building documentation...\nERROR   -  docs/en/index.md: failed\nAborted!"
    assert (
        build_failure(1, log)
        == "strict build failed:\nERROR   -  docs/en/index.md: failed\nAborted!"
    )
    assert build_failure(0, "INFO    -  Documentation built in 9.1 seconds") is None
    kernel = "[IPKernelApp] WARNING | Kernel is running over TCP without encryption."
    assert (
        build_failure(0, f"{kernel}\nWARNING -  a link")
        == "strict build warned:\nWARNING -  a link"
    )
