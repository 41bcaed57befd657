"""The built site in a real browser: no errors, no failed or outside requests, light pages,
working language switcher, palette toggle and search, in every language, and contrast in the
dark colour scheme.

Needs Debian's ``chromium`` (``.ci/run`` installs it). Without it the tests fail
and say so: a browser check that silently skips is no check.

A pass is kept under ``.cache/browser/`` for exactly what it checked: a page's load for the page's
HTML and the files it names, a whole-site check for every file of the site; both also for this
test file and Chromium's version. A warm run with nothing changed starts no browser.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

import pytest

from sitebuild.audit import lighthouse as audit
from sitebuild.audit.lighthouse import served
from sitebuild.pages import errors
from sitebuild.runs import cachefiles

from ..support import ROOT, docs, locales, pages, project

if TYPE_CHECKING:
    from playwright.sync_api import Page

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


class LazyBrowser:
    """Chromium, launched on first use: a run whose checks all passed before starts no browser.

    Every page it opens reports the URL paths it requests into ``requested``, which a check's
    ``Pass`` keeps the files of.
    """

    def __init__(self, playwright) -> None:  # type: ignore[no-untyped-def]
        self.playwright = playwright
        self.launched = None
        self.requested: set[str] = set()

    def new_page(self, **options):  # type: ignore[no-untyped-def]
        page = self.__getattr__("new_page")(**options)
        page.on("request", lambda request: self.requested.add(urlparse(request.url).path))
        return page

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        if self.launched is None:  # the fixture has checked that Chromium is there
            self.launched = self.playwright.chromium.launch(
                executable_path=CHROMIUM, args=LAUNCH_ARGS
            )
        return getattr(self.launched, name)


@pytest.fixture(scope="module")
def browser() -> Iterator[LazyBrowser]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: install Debian's chromium package (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        lazy = LazyBrowser(playwright)
        yield lazy
        if lazy.launched is not None:
            lazy.launched.close()


def site_file(url_path: str) -> str:
    """The site file a URL path of the static server reads: ``/a/`` is ``a/index.html``."""
    relative = unquote(url_path).lstrip("/")
    return relative + "index.html" if relative == "" or relative.endswith("/") else relative


def files_digest(site: Path, files: list[str]) -> str | None:
    """A digest of ``files`` of ``site`` with this test and Chromium; None if one is gone."""
    digest = hashlib.sha256(Path(__file__).read_bytes() + chromium_version().encode())
    for name in files:
        path = site / name
        if not path.is_file():
            return None
        digest.update(name.encode() + path.read_bytes())
    return digest.hexdigest()


class Pass:
    """A check's pass, kept for the files the browser fetched during it, with their content.

    ``done`` when an earlier run passed and every file it fetched is unchanged; call
    ``record(fetched)`` with the URL paths it fetched at the end of a passing check.
    """

    def __init__(self, path: Path, site: Path) -> None:
        self.path, self.site = path, site
        text = cachefiles.read_text(path)  # marks it used (cachefiles.prune_unused)
        kept = json.loads(text) if text is not None else None
        self.done = bool(kept) and files_digest(site, kept["files"]) == kept["digest"]

    def record(self, fetched: set[str]) -> None:
        files = sorted({site_file(p) for p in fetched})
        assert files, "the check fetched no file from the site"
        kept = {"files": files, "digest": files_digest(self.site, files)}
        cachefiles.write_text(self.path, json.dumps(kept))


def pass_of(site: Path, name: str) -> Pass:
    """The kept pass of the check called ``name`` (a test id, or a page's URL path)."""
    key = hashlib.sha256(name.encode()).hexdigest()[:16]
    return Pass(ROOT / ".cache" / "browser" / f"check-{key}.json", site)


class SitePass:
    """A whole-site check's Pass, recording what the module's browser fetched during it."""

    def __init__(self, kept: Pass, browser: LazyBrowser) -> None:
        self.kept, self.browser, self.done = kept, browser, kept.done
        browser.requested.clear()

    def record(self) -> None:
        self.kept.record(self.browser.requested)


@pytest.fixture
def site_pass(built_site: Path, browser: LazyBrowser, request: pytest.FixtureRequest) -> SitePass:
    """The pass of the running check, by its test id (see Pass)."""
    return SitePass(pass_of(built_site, request.node.nodeid), browser)


PAGE_BUDGET = 500 * 1024
"""Bytes a page may load, uncompressed from a plain static server, before the reader acts."""
TABS = 8
"""Pages loaded at once by the check of every page."""


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
        self.fetched: set[str] = set()
        self.bytes = 0
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        page.on("response", self._response)
        page.on("request", lambda r: self._request(r.url, origin))

    def _request(self, url: str, origin: str) -> None:
        if urlparse(url).netloc == origin:
            self.fetched.add(urlparse(url).path)
        if urlparse(url).scheme in {"http", "https"} and urlparse(url).netloc != origin:
            self.outside.append(url)

    def _response(self, response) -> None:  # type: ignore[no-untyped-def]
        if response.status >= 400:
            self.failed.append(f"{response.url} ({response.status})")
        self.bytes += int(response.headers.get("content-length", 0))

    def problems(self) -> list[str]:
        return self.errors + self.failed + [f"outside: {u}" for u in self.outside]


MATERIAL_STARTED = """() => document.readyState === "complete" && (window.component$ !== undefined
  || document.querySelector("script[data-after-first-paint]") === null)"""
"""True once the page has loaded and Material's bundle has run (it sets ``component$`` on the
window as it starts), or has loaded with no bundle deferred (``overrides/main.html`` marks the
tags it defers)."""


def open_page(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """Go to ``url``, then wait until Material's bundle has run.

    The bundle loads after the first paint (``overrides/main.html``). On a busy machine the
    network can stay quiet for the half second "networkidle" waits for while the page is still
    being parsed, before the bundle is even asked for: a test then acted on a page Material had
    not started on, or left the page while the bundle was on its way (``net::ERR_ABORTED``).
    """
    page.goto(url, wait_until="networkidle")
    page.wait_for_function(MATERIAL_STARTED)


@functools.cache
def chromium_version() -> str:
    return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout


def load_pages(browser, server: str, paths: list[str], tabs: int = TABS) -> dict[str, Watch]:  # type: ignore[no-untyped-def]
    """Load each of ``paths`` until the network is quiet, ``tabs`` at a time, and watch it.

    The tabs load at once because each waits half a second for the network to fall quiet, and
    those waits overlap.
    """
    context = browser.new_context()
    origin = urlparse(server).netloc
    watches: dict[str, Watch] = {}
    for first in range(0, len(paths), tabs):
        batch = [(path, context.new_page()) for path in paths[first : first + tabs]]
        for path, page in batch:
            watches[path] = Watch(page, origin)
            page.goto(server + path, wait_until="commit")
        for _, page in batch:
            page.wait_for_load_state("networkidle")
            page.wait_for_function(MATERIAL_STARTED)  # its request is part of the page's load
            page.close()
    context.close()
    return watches


def test_every_page_loads_clean_and_light(built_site: Path, server: str, browser) -> None:
    """Every page in every language: no console error, no failed or outside request, and
    at most PAGE_BUDGET bytes loaded. A page's pass is kept for the files its load fetched
    (Pass), so only a changed page is loaded again."""
    paths = url_paths()
    assert len(paths) == 3 * len(pages(locales()[0]))
    kept = {path: pass_of(built_site, path) for path in paths}
    stale = [path for path in paths if not kept[path].done]
    if not stale:
        return
    problems, heavy = {}, {}
    for path, watch in load_pages(browser, server, stale).items():
        if watch.problems():
            problems[path] = watch.problems()
        if watch.bytes > PAGE_BUDGET or watch.bytes == 0:
            heavy[path] = watch.bytes // 1024
        if path not in problems and path not in heavy:
            kept[path].record(watch.fetched)
    assert not problems, f"pages with errors or failed requests: {problems}"
    assert not heavy, f"pages over {PAGE_BUDGET // 1024} KiB (KiB loaded): {heavy}"


@pytest.mark.parametrize("path", ["/concepts/control-flow/", "/zh-hans/tips/performance/"])
def test_switching_language_and_palette_and_searching_log_no_error(
    server: str, browser, path: str, site_pass: SitePass
) -> None:
    if site_pass.done:
        return
    page = browser.new_page()
    watch = Watch(page, urlparse(server).netloc)
    open_page(page, server + path)
    slug = path
    for locale in locales()[1:]:
        slug = slug.removeprefix(f"/{locale}")
    targets = page.eval_on_selector_all("a.md-select__link", "els => els.map(e => e.href)")
    assert len(targets) == len(locales())
    for target in targets:
        open_page(page, target)
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
    site_pass.record()


def test_open_page_waits_for_materials_bundle_on_a_slow_machine(
    server: str, browser, site_pass: SitePass
) -> None:
    """With Chromium's CPU slowed fourfold, the network falls quiet before Material's bundle is
    asked for (the first run that failed so was on a loaded two-core machine); ``open_page``
    still hands over a page Material has started on."""
    if site_pass.done:
        return
    page = browser.new_page()
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    open_page(page, f"{server}/zh-hans/tips/performance/")
    started = page.evaluate("window.component$ !== undefined")
    page.close()
    assert started, "open_page returned before Material's bundle ran"
    site_pass.record()


def test_search_loads_its_index_only_when_opened(server: str, browser, site_pass: SitePass) -> None:
    if site_pass.done:
        return
    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(urlparse(request.url).path))
    open_page(page, server + "/zh-hant/")  # Material, which would ask for the index, has run
    assert not [p for p in requested if "search" in p], f"loaded before search: {requested}"
    index = "/zh-hant/search/search_index.json"
    with page.expect_response(lambda response: urlparse(response.url).path == index):
        page.locator("input.md-search__input").click()
    page.close()
    assert index in requested
    site_pass.record()


@pytest.mark.parametrize("path", ["/", "/zh-hans/concepts/static-vs-dynamic/", "/zh-hant/"])
def test_page_makes_no_request_outside_its_origin(
    server: str, browser, path: str, site_pass: SitePass
) -> None:
    if site_pass.done:
        return
    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_page(page, server + path)
    page.close()
    origin = urlparse(server).netloc
    outside = [url for url in requested if urlparse(url).netloc not in {origin, ""}]
    assert requested, "the browser recorded no request at all"
    assert not outside, f"{path} requested {outside}"
    site_pass.record()


SCHEME_AUDIT = """async (rules) => {
  const found = await axe.run(document, {runOnly: {type: "rule", values: rules},
                                         resultTypes: ["violations"]});
  return found.violations.map((rule) =>
    rule.id + ": " + rule.nodes.slice(0, 5).map((node) => node.target.join(" ")).join(", "));
}"""


def scheme_violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """What the audits that read colours (audit.SCHEME_RULES) find on ``page``, run by axe-core
    as Lighthouse installs it: each rule with up to five of its elements."""
    page.add_script_tag(path=str(audit.axe_script(ROOT)))
    return page.evaluate(SCHEME_AUDIT, list(audit.SCHEME_RULES))  # type: ignore[no-any-return]


def axe_digest() -> str:
    """A digest of the axe-core the scheme audit runs, for the passes that ran it."""
    try:
        return hashlib.sha256(audit.axe_script(ROOT).read_bytes()).hexdigest()
    except audit.LighthouseMissing as error:
        pytest.fail(str(error))


@pytest.fixture
def axe_pass(built_site: Path, browser: LazyBrowser, request: pytest.FixtureRequest) -> SitePass:
    """The running check's pass, kept for the axe-core it ran too."""
    return SitePass(pass_of(built_site, f"{request.node.nodeid} axe {axe_digest()}"), browser)


DARK_PAGES = [
    project().language_root(project().locales[n % len(project().locales)]) + page
    for n, page in enumerate(audit.PAGES)
]
"""audit.PAGES, each in one language, the languages taking turns: colours and elements are the same
in every language."""


@pytest.mark.parametrize("path", DARK_PAGES)
def test_the_dark_scheme_keeps_contrast_and_links_told_apart(
    server: str, browser, path: str, axe_pass: SitePass
) -> None:
    """Lighthouse scores the light scheme (test_lighthouse.py). In the dark one, which a reader
    whose system prefers it gets, the audits that read colours find nothing either."""
    if axe_pass.done:
        return
    page = browser.new_page(color_scheme="dark")
    page.goto(f"{server}/{path}", wait_until="load")  # colours are set by then: no web fonts
    scheme = page.eval_on_selector("body", "b => b.getAttribute('data-md-color-scheme')")
    assert scheme == "slate", f"/{path}: the page did not follow the dark preference"
    found = scheme_violations(page)
    page.close()
    assert not found, f"/{path} (dark): {found}"
    axe_pass.record()


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_preferred_scheme_is_shown_before_materials_bundle_runs(
    server: str, browser, scheme: str, site_pass: SitePass
) -> None:
    """Material's bundle loads after the first paint (``overrides/main.html``); the scheme the
    reader's system prefers is set while the page is parsed, so no page flashes the other one."""
    if site_pass.done:
        return
    page = browser.new_page(color_scheme=scheme)
    page.route("**/javascripts/bundle.*.js", lambda route: route.abort())
    page.goto(f"{server}/zh-hant/tips/performance/", wait_until="load")
    shown = page.eval_on_selector("body", "b => b.getAttribute('data-md-color-scheme')")
    root = page.eval_on_selector("html", "html => html.className")
    metas = page.eval_on_selector_all("meta[name=color-scheme]", "ms => ms.map(m => m.content)")
    body_scheme = page.eval_on_selector("body", "b => getComputedStyle(b).colorScheme")
    page.close()
    assert shown == {"dark": "slate", "light": "default"}[scheme]
    assert root == "js", "the root's no-js class is left for Material's bundle to swap"
    assert metas == [body_scheme], "the color-scheme meta does not match the scheme shown"
    site_pass.record()


LARGEST_PAINT_REPORTED = """const REPORT = "%s";
window.loader = {frame: null, observed: null, appended: null, appendedWithReport: null};
// The loader's 200 ms count from the frame's callback, which it reads the time in: recorded
// here as the callback starts. (The observer is made after it, a few lines later, but on a busy
// machine more than 10 ms can pass between the two.)
const requestFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => requestFrame((time) => {
  if (loader.frame === null) loader.frame = performance.now();
  callback(time);
});
const bundleAppended = () => document.querySelector("script[src*='bundle.']") !== null;
window.PerformanceObserver = class {
  constructor(callback) { this.callback = callback; }
  observe(options) {
    if (options.type !== "largest-contentful-paint") return;
    loader.observed = performance.now();
    const report = (time) => {
      this.callback({getEntries: () => [{startTime: time}]}, this);
      loader.appendedWithReport = bundleAppended();
    };
    if (REPORT === "earlier") report(0);
    if (REPORT === "later") setTimeout(() => report(performance.now()));
  }
  disconnect() {}
};
new MutationObserver(() => {
  if (loader.appended === null && bundleAppended()) loader.appended = performance.now();
}).observe(document, {childList: true, subtree: true});"""


@pytest.mark.parametrize("report", ["later", "earlier", "none"])
def test_material_loads_once_the_page_parsed_is_on_screen(
    server: str, browser, report: str, site_pass: SitePass
) -> None:
    """The loader in ``overrides/main.html``, with the browser's largest-paint reports stubbed:
    a largest paint from the first frame after parsing starts Material's bundle at once; an
    earlier one, or none, leaves it to the 200 ms fallback after that frame began."""
    if site_pass.done:
        return
    page = browser.new_page()
    page.add_init_script(LARGEST_PAINT_REPORTED % report)
    page.goto(f"{server}/tips/performance/", wait_until="load")
    page.wait_for_function("window.component$ !== undefined")  # Material has started
    loader = page.evaluate("window.loader")
    page.close()
    assert None not in (loader["frame"], loader["observed"], loader["appended"]), loader
    if report == "later":
        assert loader["appendedWithReport"] is True, loader
    else:
        assert loader["appendedWithReport"] in (False, None), loader
        assert loader["appended"] - loader["frame"] >= 199, loader
    site_pass.record()


COLOR_SCHEMES = """() => [...document.querySelectorAll("meta[name=color-scheme]")]
  .map((meta) => meta.content)"""


def test_the_color_scheme_meta_follows_the_palette(
    server: str, browser, site_pass: SitePass
) -> None:
    """The color-scheme meta the browser reads (the first, overrides/main.html) follows
    Material's own on every palette switch."""
    if site_pass.done:
        return
    page = browser.new_page(color_scheme="light")
    open_page(page, f"{server}/zh-hans/tips/performance/")
    loaded = page.evaluate(COLOR_SCHEMES)
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_timeout(300)
    switched = page.evaluate(COLOR_SCHEMES)
    page.close()
    assert loaded == ["light", "light"], loaded
    assert switched[0] == switched[-1] != "light", switched
    site_pass.record()


LOW_CONTRAST = """<!doctype html><html lang="en"><head><title>Low contrast</title>
<link rel="icon" href="data:,"><style>
body { background: #202020; color: #e0e0e0; } .faint { color: #404040; }
a { color: #f0f0f0; text-decoration: none; }
</style></head><body><main><p class="faint">Faint text on a dark page.</p>
<p>Readable text with <a href="#x">a link told apart by its colour alone</a> inside it, and more
text after it.</p></main></body></html>"""


def test_the_scheme_audit_finds_faint_text_and_links_told_apart_by_colour_alone(
    browser: LazyBrowser, tmp_path: Path
) -> None:
    """Kept like the other browser checks, for this file, Chromium, axe-core and the page."""
    (tmp_path / "index.html").write_text(LOW_CONTRAST, encoding="utf-8")
    kept = pass_of(tmp_path, f"the scheme audit finds low contrast, axe {axe_digest()}")
    if kept.done:
        return
    page = browser.new_page(color_scheme="dark")
    with served(tmp_path) as url:
        page.goto(url, wait_until="load")
        found = scheme_violations(page)
    page.close()
    assert found == ["color-contrast: .faint", "link-in-text-block: a"]
    kept.record({"/"})


CHARTS = """() => [...document.querySelectorAll('.bench-figure')].map(figure => {
    return [...figure.querySelectorAll('svg')].map(svg => {
        const box = svg.getBoundingClientRect();
        return {width: box.width, right: box.right,
                text: 12 * box.width / svg.viewBox.baseVal.width,
                scrolls: figure.scrollWidth > figure.clientWidth};
    });
})"""


@pytest.mark.parametrize("width", [1280, 360])
@pytest.mark.parametrize("path", ["/performance/", "/zh-hant/tips/performance/"])
def test_every_chart_is_drawn_once_with_readable_text(
    server: str, browser, path: str, width: int, site_pass: SitePass
) -> None:
    """A benchmark chart is one drawing (sitebuild/bench/charts.py) whose 12 px text is drawn
    at 12 px or more on a 360 px phone, where it fits the screen, and at no more than the body
    text's 16 px on a wide screen."""
    if site_pass.done:
        return
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(server + path, wait_until="networkidle")
    figures = page.evaluate(CHARTS)
    page.close()
    assert len(figures) >= 3, f"{path}: only {len(figures)} charts"
    for number, shown in enumerate(figures, start=1):
        assert len(shown) == 1, f"{path} at {width} px, chart {number}: {len(shown)} drawings"
        (chart,) = shown
        where = f"{path} at {width} px, chart {number}: {chart}"
        assert 11.9 <= chart["text"] <= 16.1, where
        assert not chart["scrolls"] and chart["right"] <= width, where
    site_pass.record()


@pytest.mark.parametrize("path", ["/reference/graph/", "/zh-hant/reference/api/"])
def test_copying_a_console_example_copies_its_code_alone(
    server: str, browser, path: str, site_pass: SitePass
) -> None:
    """The copy button of a ``pycon`` block leaves out the prompts and the output
    (``overrides/main.html``): what it copies is the example's code, which Python compiles."""
    if site_pass.done:
        return
    page = browser.new_page(permissions=["clipboard-read", "clipboard-write"])
    open_page(page, server + path)
    blocks = page.locator(".language-pycon")
    assert blocks.count() >= 5, f"{path}: {blocks.count()} console examples"
    for number in range(blocks.count()):
        block = blocks.nth(number)
        shown = block.locator("code").inner_text()
        code = [
            line[4:]
            for line in shown.splitlines()
            if line.startswith((">>> ", "... ")) or line in {">>>", "..."}
        ]
        block.hover()
        block.locator("button[data-md-type=copy]").click()
        copied = page.evaluate("navigator.clipboard.readText()")
        lines = [line for line in copied.splitlines() if line.strip()]
        assert lines == [line for line in code if line.strip()], f"{path}, example {number + 1}"
        compile(copied, f"{path} example {number + 1}", "exec")
    page.close()
    site_pass.record()


@pytest.fixture(scope="module")
def search(browser) -> Iterator[Callable[[str, str], Page]]:  # type: ignore[no-untyped-def]
    """``search(url, query)``: the tab of ``url`` showing the results of typing ``query`` into its
    search box (:func:`result_links` reads them).

    One tab per ``url`` serves every query, as a reader searches again: its search index loads
    once, not once per query. The box is emptied before each query, and its results gone, so only
    the items Material renders for the new query are read. Each query counts the files its tab
    fetched as its own (``Pass``): a changed search index runs them all again.
    """
    tabs, fetched = {}, {}

    def run(url: str, query: str) -> Page:
        if url not in tabs:
            tabs[url] = browser.new_page()
            open_page(tabs[url], url)
            fetched[url] = set(browser.requested)
        browser.requested.update(fetched[url])
        page = tabs[url]
        field = page.locator("input.md-search__input")
        field.fill("")  # the same query twice would not search again
        field.press("End")  # Material searches on key events only
        page.wait_for_selector(".md-search-result__item", state="detached", timeout=15000)
        field.fill(query)
        field.press("End")
        page.wait_for_selector(".md-search-result__item", timeout=15000)
        return page

    yield run
    for tab in tabs.values():
        tab.close()


def result_links(page: Page) -> list[str]:
    """The links of the search results ``page`` shows."""
    return page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.href)")


@pytest.mark.parametrize(
    ("start", "query", "expected"),
    [
        # The page titled with the term: 第一张计算图 / 第一張計算圖 (jieba, which segments the
        # index, cuts 第一張計算圖 as 第一/張計算圖 unless i18n/search-words.txt names 計算圖)
        ("/zh-hans/", "计算图", "/zh-hans/notebooks/first-graph/"),
        ("/zh-hant/", "計算圖", "/zh-hant/notebooks/first-graph/"),
        ("/zh-hans/", "梯度累积", "/zh-hans/tips/zero-grad/"),
        ("/zh-hant/", "梯度累積", "/zh-hant/tips/zero-grad/"),
        ("/", "gradient", "/tips/zero-grad/"),
    ],
)
def test_search_finds_pages_in_the_readers_language(
    server: str,
    search: Callable[[str, str], Page],
    start: str,
    query: str,
    expected: str,
    site_pass: SitePass,
) -> None:
    if site_pass.done:
        return
    links = result_links(search(server + start, query))
    paths = [urlparse(link).path for link in links]
    assert paths and paths[0] == expected, f"{query!r} from {start}: best hit {paths[:1]}"
    prefix = start if start != "/" else None
    for path in paths:
        if prefix:
            assert path.startswith(prefix), f"{query!r} from {start} offered {path}"
        else:
            assert not path.startswith(("/zh-hans/", "/zh-hant/")), f"{query!r} offered {path}"
    site_pass.record()


@pytest.mark.parametrize("locale", ["zh-hans", "zh-hant"])
def test_search_names_the_terms_a_result_lacks_after_the_languages_colon(
    server: str, search: Callable[[str, str], Page], locale: str, site_pass: SitePass
) -> None:
    """Material writes ": " after its "missing terms" label, in italics; a Chinese page shows "："
    there, upright."""
    if site_pass.done:
        return
    page = search(f"{server}/{locale}/", "梯度 qzxv")
    terms = page.inner_text(".md-search-result__terms")
    assert "qzxv" in terms and "：" in terms, terms
    assert not re.search(r"[\u3400-\u9fff][,.:;?!]", terms), f"{locale}: {terms!r}"
    style = page.eval_on_selector(".md-search-result__terms", "e => getComputedStyle(e).fontStyle")
    assert style == "normal", f"{locale}: the missing terms are set in {style}"
    site_pass.record()


def error_entries() -> list[tuple[str, str, str]]:
    """``(locale, URL path of the page, snippet)`` of every entry on every errors page."""
    found = []
    for locale in locales():
        root = "/" if locale == locales()[0] else f"/{locale}/"
        for page in pages(locale):
            if page.parts[0] != "errors":
                continue
            text = (docs(locale) / page).read_text(encoding="utf-8")
            url = f"{root}{page.with_suffix('').as_posix().removesuffix('index')}/"
            found += [
                (locale, url.replace("//", "/"), path) for path in errors.DIRECTIVE.findall(text)
            ]
    return found


@pytest.mark.parametrize(("locale", "url", "snippet"), error_entries())
def test_pasting_an_entrys_message_finds_the_entry_first(
    server: str,
    search: Callable[[str, str], Page],
    shown: Callable[[str], str],
    locale: str,
    url: str,
    snippet: str,
    site_pass: SitePass,
) -> None:
    if site_pass.done:
        return
    message = shown(snippet).split("\n", 1)[0]
    # Entries whose snippets print the same first line share their heading: any of them is right.
    same = {
        f"{url}#{errors.anchor(other)}"
        for loc, page, other in error_entries()
        if loc == locale and page == url and shown(other).split("\n", 1)[0] == message
    }
    links = result_links(search(server + url.split("errors/")[0], message))
    sections = [
        urlparse(link).path + "#" + urlparse(link).fragment for link in links if "#" in link
    ]
    assert sections and sections[0] in same, (
        f"{locale}: pasting {message[:60]!r}... lists {sections[:3]} first, not {sorted(same)}"
    )
    site_pass.record()


def test_a_kept_pass_is_for_the_exact_files_it_checked(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "a" / "index.html").write_text('<link href="../x.css"><p>A</p>', encoding="utf-8")
    (site / "x.css").write_text("p{}", encoding="utf-8")
    (site / "other.txt").write_text("1", encoding="utf-8")
    assert [site_file("/a/"), site_file("/x.css"), site_file("/")] == [
        "a/index.html",
        "x.css",
        "index.html",
    ]
    kept = Pass(tmp_path / "check.json", site)
    assert not kept.done
    kept.record({"/a/", "/x.css"})
    assert Pass(kept.path, site).done
    (site / "other.txt").write_text("2", encoding="utf-8")
    assert Pass(kept.path, site).done, "a file the check did not fetch changed"
    (site / "x.css").write_text("p{color:red}", encoding="utf-8")
    assert not Pass(kept.path, site).done
    kept.record({"/a/", "/x.css"})
    (site / "x.css").unlink()
    assert not Pass(kept.path, site).done


def test_pages_loaded_together_keep_their_own_problems(browser, tmp_path: Path) -> None:
    """load_pages loads several tabs at once: what each logs and fails stays with it.

    Kept like the other browser checks, for this file, Chromium and the pages it loaded."""
    pages = {
        "clean": "<p>fine</p>",
        "logs": "<script>console.error('broken on purpose')</script>",
        "missing": '<img src="/nowhere.png" alt="">',
        "throws": "<script>null.x</script>",
    }
    for name, body in pages.items():
        (tmp_path / name).mkdir()
        head = '<!doctype html><link rel="icon" href="data:,">'  # no request for /favicon.ico
        (tmp_path / name / "index.html").write_text(head + body, encoding="utf-8")
    kept = pass_of(tmp_path, "load_pages keeps each tab's problems")
    if kept.done:
        return
    paths = [f"/{name}/?copy={copy}" for copy in range(3) for name in pages]  # 3 batches of 4
    with served(tmp_path) as url:
        watches = load_pages(browser, url.rstrip("/"), paths, tabs=4)
    assert len(watches) == len(paths)
    for path, watch in watches.items():
        name, found = path.split("/")[1], watch.problems()
        if name == "clean":
            assert found == [], path
        elif name == "logs":
            assert found == ["broken on purpose"], path
        elif name == "missing":  # the failed response, and Chromium's console line about it
            assert any("/nowhere.png (404)" in line for line in found), (path, found)
        else:
            assert len(found) == 1 and "null" in found[0], path
    kept.record({f"/{name}/" for name in pages})


STEPPER_STATE = """(figure) => {
  const items = figure.querySelectorAll(".stepper-frames li");
  const frame = items[+figure.dataset.step - 1];
  const shown = [...figure.querySelectorAll("svg g.node")]
    .filter((g) => getComputedStyle(g).display !== "none")
    .map((g) => /\\bstep-(\\w+)\\b/.exec(g.getAttribute("class"))[1]);
  return {step: +figure.dataset.step, total: items.length, shown: shown.sort(),
          listed: frame.dataset.visible.split(" ").sort(),
          said: figure.querySelector(".stepper-now").textContent, text: frame.textContent,
          listHidden: figure.querySelector(".stepper-frames").hidden};
}"""
PAGE_OVERFLOW = (
    """() => document.documentElement.scrollWidth - document.documentElement.clientWidth"""
)


@pytest.mark.parametrize(
    "path", ["/" + p for p in audit.audited_pages(project(), audit.STEPPER_PAGES)]
)
def test_every_stepper_steps_through_with_the_keyboard_at_both_widths(
    server: str, browser, path: str, site_pass: SitePass
) -> None:
    """Each stepper figure (sitebuild/pages/stepper.py), from its slider's arrow keys alone,
    forward on a 360 px phone the page was loaded on, then back once it is widened to 1280 px:
    every frame shows exactly the nodes its list item names and says what its item says; at either
    width the page never scrolls sideways (a figure scrolls inside its own box); no error is
    logged."""
    if site_pass.done:
        return
    page = browser.new_page(viewport={"width": 360, "height": 900})
    watch = Watch(page, urlparse(server).netloc)
    open_page(page, server + path)
    figures = page.locator("figure.stepper")
    assert figures.count() >= 1, f"{path}: no stepper figure"
    for width, key in ((360, "ArrowRight"), (1280, "ArrowLeft")):
        page.set_viewport_size({"width": width, "height": 900})
        for number in range(figures.count()):
            figure = figures.nth(number)
            figure.locator("input[type=range]").focus()
            state = figure.evaluate(STEPPER_STATE)
            assert state["listHidden"] and state["total"] >= 5, (path, state)
            steps = list(range(1, state["total"] + 1))
            for step in steps if key == "ArrowRight" else steps[::-1]:
                state = figure.evaluate(STEPPER_STATE)
                where = f"{path} at {width} px, figure {number + 1}, step {step}"
                assert state["step"] == step, where
                assert state["shown"] == state["listed"], where
                assert state["said"] == state["text"] and state["said"], where
                page.keyboard.press(key)
            assert figure.evaluate(STEPPER_STATE)["step"] == step, f"{where}: stepped past it"
        overflow = page.evaluate(PAGE_OVERFLOW)
        assert overflow <= 0, f"{path} at {width} px scrolls sideways by {overflow} px"
    page.close()
    assert not watch.problems(), f"{path}: {watch.problems()}"
    site_pass.record()
