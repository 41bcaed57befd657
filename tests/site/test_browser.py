"""The built site in a real browser: no errors, no failed or outside requests, light pages,
working language switcher, palette toggle and search, in every language.

Needs Debian's ``chromium`` (``.ci/run`` installs it). Without it the tests fail
and say so: a browser check that silently skips is no check.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

from sitebuild import audit

from ..support import ROOT, locales, pages

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: install Debian's chromium package (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


PAGE_BUDGET = 400 * 1024
"""Bytes a page may load, uncompressed from a plain static server, before the reader acts."""


def url_paths() -> list[str]:
    """Every page of the site in every language, as URL paths."""
    found = []
    for locale in locales():
        root = "/" if locale == locales()[0] else f"/{locale}/"
        for page in pages(locale):
            stem = page.with_suffix("").as_posix()
            found.append(root if stem == "index" else f"{root}{stem.removesuffix('/index')}/")
    return found


class Watch:
    """What a browser page logged and fetched: console errors, failed and outside requests."""

    def __init__(self, page, origin: str) -> None:  # type: ignore[no-untyped-def]
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.outside: list[str] = []
        self.bytes = 0
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        page.on("response", self._response)
        page.on("request", lambda r: self._request(r.url, origin))

    def _request(self, url: str, origin: str) -> None:
        if urlparse(url).scheme in {"http", "https"} and urlparse(url).netloc != origin:
            self.outside.append(url)

    def _response(self, response) -> None:  # type: ignore[no-untyped-def]
        if response.status >= 400:
            self.failed.append(f"{response.url} ({response.status})")
        self.bytes += int(response.headers.get("content-length", 0))

    def problems(self) -> list[str]:
        return self.errors + self.failed + [f"outside: {u}" for u in self.outside]


def load_key(site: Path, path: str) -> str:
    """What loading one page depends on: its HTML, the files it names, this test and Chromium."""
    digest = audit.page_digest(site, path.strip("/") + "/" if path != "/" else "")
    digest.update(Path(__file__).read_bytes() + chromium_version().encode())
    return digest.hexdigest()[:20]


@functools.cache
def chromium_version() -> str:
    return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout


def test_every_page_loads_clean_and_light(built_site: Path, server: str, browser) -> None:
    """Every page in every language: no console error, no failed or outside request, and
    at most PAGE_BUDGET bytes loaded. A page's pass is kept for its exact HTML and the files it
    names, like the Lighthouse runs, so only a changed page is loaded again."""
    passes = ROOT / ".cache" / "browser"
    paths = url_paths()
    assert len(paths) == 3 * len(pages(locales()[0]))
    keys = {path: load_key(built_site, path) for path in paths}
    stale = [path for path in paths if not (passes / f"{keys[path]}.ok").exists()]
    context = browser.new_context()
    origin = urlparse(server).netloc
    problems, heavy = {}, {}
    for path in stale:
        page = context.new_page()
        watch = Watch(page, origin)
        page.goto(server + path, wait_until="networkidle")
        page.close()
        if watch.problems():
            problems[path] = watch.problems()
        if watch.bytes > PAGE_BUDGET or watch.bytes == 0:
            heavy[path] = watch.bytes // 1024
        if path not in problems and path not in heavy:
            passes.mkdir(parents=True, exist_ok=True)
            (passes / f"{keys[path]}.ok").write_text(f"{path} {watch.bytes}\n")
    context.close()
    assert not problems, f"pages with errors or failed requests: {problems}"
    assert not heavy, f"pages over {PAGE_BUDGET // 1024} KiB (KiB loaded): {heavy}"


@pytest.mark.parametrize("path", ["/concepts/control-flow/", "/zh-hans/tips/performance/"])
def test_switching_language_and_palette_and_searching_log_no_error(
    server: str, browser, path: str
) -> None:
    page = browser.new_page()
    watch = Watch(page, urlparse(server).netloc)
    page.goto(server + path, wait_until="networkidle")
    slug = path
    for locale in locales()[1:]:
        slug = slug.removeprefix(f"/{locale}")
    targets = page.eval_on_selector_all("a.md-select__link", "els => els.map(e => e.href)")
    assert len(targets) == len(locales())
    for target in targets:
        page.goto(target, wait_until="networkidle")
        assert urlparse(page.url).path.endswith(slug), f"{target}: not the same page"
    toggles = page.locator("form[data-md-component=palette] label:visible")
    toggles.first.click()
    page.wait_for_timeout(200)
    scheme = page.eval_on_selector("body", "b => b.getAttribute('data-md-color-scheme')")
    assert scheme == "slate", "the palette toggle did not switch to the dark scheme"
    field = page.locator("input.md-search__input")
    field.click()
    field.fill("graph")
    field.press("End")
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    page.close()
    assert not watch.problems(), f"{path}: {watch.problems()}"


def test_search_loads_its_index_only_when_opened(server: str, browser) -> None:
    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(urlparse(request.url).path))
    page.goto(server + "/zh-hant/", wait_until="networkidle")
    assert not [p for p in requested if "search" in p], f"loaded before search: {requested}"
    page.locator("input.md-search__input").click()
    page.wait_for_load_state("networkidle")
    page.close()
    assert "/zh-hant/search/search_index.json" in requested


@pytest.mark.parametrize("path", ["/", "/zh-hans/concepts/static-vs-dynamic/", "/zh-hant/"])
def test_page_makes_no_request_outside_its_origin(server: str, browser, path: str) -> None:
    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(server + path, wait_until="networkidle")
    page.close()
    origin = urlparse(server).netloc
    outside = [url for url in requested if urlparse(url).netloc not in {origin, ""}]
    assert requested, "the browser recorded no request at all"
    assert not outside, f"{path} requested {outside}"


def search(browser, url: str, query: str) -> list[str]:
    page = browser.new_page()
    page.goto(url, wait_until="networkidle")
    field = page.locator("input.md-search__input")
    field.fill(query)
    field.press("End")  # Material searches on key events only
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    links = page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.href)")
    page.close()
    return links


@pytest.mark.parametrize(
    ("start", "query", "expected"),
    [
        # The page titled with the term: 第一个计算图 / 第一個計算圖
        ("/zh-hans/", "计算图", "/zh-hans/notebooks/first-graph/"),
        ("/zh-hant/", "計算圖", "/zh-hant/notebooks/first-graph/"),
        ("/zh-hans/", "梯度累积", "/zh-hans/tips/zero-grad/"),
        ("/zh-hant/", "梯度累積", "/zh-hant/tips/zero-grad/"),
        ("/", "gradient", "/tips/zero-grad/"),
    ],
)
def test_search_finds_pages_in_the_readers_language(
    server: str, browser, start: str, query: str, expected: str
) -> None:
    links = search(browser, server + start, query)
    paths = [urlparse(link).path for link in links]
    assert paths and paths[0] == expected, f"{query!r} from {start}: best hit {paths[:1]}"
    prefix = start if start != "/" else None
    for path in paths:
        if prefix:
            assert path.startswith(prefix), f"{query!r} from {start} offered {path}"
        else:
            assert not path.startswith(("/zh-hans/", "/zh-hant/")), f"{query!r} offered {path}"
