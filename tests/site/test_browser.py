"""The built site in a real browser: no outside requests, and search per language.

Needs Debian's ``chromium`` (``.ci/run`` installs it). Without it the tests fail
and say so: a browser check that silently skips is no check.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

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
def server(built_site: Path) -> Iterator[str]:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built_site))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: install Debian's chromium package (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


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
        ("/zh-hans/", "计算图", "/zh-hans/"),  # the home page: 动态计算图指南
        ("/zh-hant/", "計算圖", "/zh-hant/"),
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
