"""Lighthouse scores of the built site: one page of each kind (:data:`PAGES`) in every language,
and the further pages ``tests/site/test_lighthouse.py`` names.

Lighthouse (the npm package, with Debian's Chromium) scores pages from a plain static server.
Accessibility, best practices and SEO must be 100 (``tests/site/test_lighthouse.py``); performance
is reported as the median of several runs (``tests/site/bench_lighthouse.py``, ``make
lighthouse``). A run is kept by what it depends on (:func:`page_key`), so an unchanged page is not
scored again. Lighthouse scores the light colour scheme; the browser tests run the audits that read
colours (:data:`SCHEME_RULES`) in the dark one with axe-core, the engine of Lighthouse's
accessibility audits (:func:`axe_script`).
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sitebuild.project import Project
from sitebuild.runs import cachefiles

LIGHTHOUSE_VERSION = "12.8.2"
TOOL_DIR = Path(".cache") / "lighthouse-tool"
GATED = ("accessibility", "best-practices", "seo")
PERFORMANCE = ("performance",)
SCHEME_RULES = ("color-contrast", "link-in-text-block")
"""The accessibility audits (axe-core rules) whose result depends on the colour scheme."""
PAGES = (
    "",
    "concepts/static-vs-dynamic/",
    "tips/performance/",
    "performance/",
    "notebooks/first-graph/",
    "reference/api/",
    "glossary/",
    "errors/in-place/",
)
"""One page of each kind: home, concept, tip, performance, notebook, API, glossary, errors atlas."""
STEPPER_PAGES = (
    "notebooks/first-graph/",
    "concepts/control-flow/",
    "concepts/variable-length-sequences/",
    "tips/zero-grad/",
)
"""The pages with a stepper figure, whose controls a script makes: gated, and checked in a browser
in every language (tests/site/test_browser.py)."""
GATE_SETTINGS: dict[str, object] = {
    "disableFullPageScreenshot": True,
    "pauseAfterFcpMs": 0,
    "pauseAfterLoadMs": 0,
    "networkQuietThresholdMs": 0,
    "cpuQuietThresholdMs": 0,
}
"""A run without performance scores the loaded page's DOM, headers and console: it need not wait
for the network and the CPU to fall quiet."""
PERFORMANCE_SETTINGS: dict[str, object] = {
    "disableFullPageScreenshot": True,
    "skipAudits": ["bf-cache"],
}
"""Lighthouse's defaults, less two steps after the trace that no metric reads: the full-page
screenshot, and the back-forward cache check (weight 0), which navigates away and back."""
ASSET = re.compile(r'(?:href|src)="([^"#?]+\.(?:css|js|png|svg|ico|woff2?))"')


class LighthouseMissing(RuntimeError):
    """Lighthouse is not installed; the message gives the one command that installs it."""


def installed(root: Path, module: str, runs: bool = False) -> Path:
    """The file ``module`` of the Lighthouse install, checking for Node too if it ``runs``;
    :class:`LighthouseMissing` if either is missing."""
    path = root / TOOL_DIR / "node_modules" / module
    if not path.is_file() or (runs and shutil.which("node") is None):
        raise LighthouseMissing(f"Lighthouse is missing: run `make lighthouse-tool` ({path})")
    return path


def lighthouse_cli(root: Path) -> Path:
    return installed(root, "lighthouse/cli/index.js", runs=True)


def axe_script(root: Path) -> Path:
    """axe-core's browser script, as installed with Lighthouse."""
    return installed(root, "axe-core/axe.min.js")


def page_key(site: Path, page: str, categories: tuple[str, ...], run: int) -> str:
    """What a run of ``page`` depends on: its HTML, the files it names, Lighthouse, the settings."""
    html = (site / page / "index.html").read_bytes()
    digest = hashlib.sha256(html)
    for asset in sorted(set(ASSET.findall(html.decode("utf-8", "replace")))):
        if (path := (site / page / asset).resolve()).is_file() and site.resolve() in path.parents:
            digest.update(asset.encode() + path.read_bytes())
    settings = run_settings(categories)
    digest.update(json.dumps([LIGHTHOUSE_VERSION, categories, run, settings, SUMMARY]).encode())
    return digest.hexdigest()[:20]


SUMMARY = ("scores", "failing", "kib")
"""What a kept run holds (:func:`summarise`): a new field means new runs."""


def run_settings(categories: tuple[str, ...]) -> dict[str, object]:
    return PERFORMANCE_SETTINGS if "performance" in categories else GATE_SETTINGS


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The standard static handler, without a log line per request on stderr."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` on a plain static server on localhost: no compression, like the issue's check."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def score_pages(
    root: Path,
    site: Path,
    pages: list[str],
    *,
    categories: tuple[str, ...] = GATED,
    runs: tuple[int, ...] = (1,),
    base_url: str,
) -> dict[tuple[str, int], dict[str, Any]]:
    """Every page's :func:`summarise` for every run number, keyed by ``(page, run)``: read from
    the cache, or scored in batches, each in one Chromium (lighthouse_batch.mjs)."""
    cache = root / ".cache" / "lighthouse"
    files = {
        (page, run): cache / f"{page_key(site, page, categories, run)}.json"
        for page in pages
        for run in runs
    }
    kept = {key: text for key, path in files.items() if (text := cachefiles.read_text(path))}
    if missing := [key for key in files if key not in kept]:  # reading marked the others used
        urls = [base_url + page for page, _ in missing]
        # A gated run waits on Chromium more than it computes: a batch per core overlaps those
        # waits. Performance runs go one at a time, since sharing the CPU would skew them.
        size = -(-len(urls) // (1 if "performance" in categories else os.cpu_count() or 1))
        chunks = [urls[i : i + size] for i in range(0, len(urls), size)]
        with ThreadPoolExecutor(len(chunks)) as pool:
            scored = pool.map(lambda chunk: _run_lighthouse(root, chunk, categories), chunks)
            reports = [report for chunk in scored for report in chunk]
        for key, report in zip(missing, reports, strict=True):
            kept[key] = json.dumps(summarise(report, categories))
            cachefiles.write_text(files[key], kept[key])
    return {key: json.loads(kept[key]) for key in files}  # in the order asked for


def summarise(report: dict[str, Any], categories: tuple[str, ...]) -> dict[str, Any]:
    """``scores`` (0-100) per category; ``failing``: for each gated category, the ids of the
    audits that did not pass; and for a performance run ``kib``, what the page loaded (its total
    byte weight)."""
    cats, audits = report["categories"], report["audits"]

    def failed(ref: dict[str, Any]) -> bool:
        return ref.get("weight", 0) > 0 and audits[ref["id"]].get("score") not in (1, None)

    summary: dict[str, Any] = {
        "scores": {c: round(100 * (cats[c]["score"] or 0)) for c in categories},
        "failing": {
            c: [r["id"] for r in cats[c]["auditRefs"] if failed(r)]
            for c in categories
            if c in GATED
        },
    }
    if "performance" in categories:
        summary["kib"] = round(audits["total-byte-weight"]["numericValue"] / 1024, 1)
    return summary


BATCH = Path(__file__).with_name("lighthouse_batch.mjs")
CHROME_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu")


def _run_lighthouse(
    root: Path, urls: list[str], categories: tuple[str, ...]
) -> list[dict[str, Any]]:
    """One report per URL, in order, from one Node process driving one Chromium."""
    cli = lighthouse_cli(root)
    request = {
        "tool": str(cli.parents[3]),
        "chrome": os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium",
        "chromeFlags": list(CHROME_FLAGS),
        "urls": urls,
        "flags": {"onlyCategories": list(categories), **run_settings(categories)},
    }
    done = subprocess.run(
        ["node", str(BATCH)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=120 + 90 * len(urls),
    )
    if done.returncode != 0:
        raise RuntimeError(f"Lighthouse failed on {urls}:\n{done.stderr.strip()[-2000:]}")
    reports: list[dict[str, Any]] = [json.loads(line) for line in done.stdout.splitlines()]
    if len(reports) != len(urls):
        raise RuntimeError(f"Lighthouse scored {len(reports)} of {len(urls)} pages: {urls}")
    for url, report in zip(urls, reports, strict=True):
        if report.get("runtimeError"):
            raise RuntimeError(f"Lighthouse could not load {url}: {report['runtimeError']}")
    return reports


def audited_pages(project: Project, pages: tuple[str, ...] = PAGES) -> list[str]:
    """``pages`` in every language of ``project``, as paths under the site's root."""
    return [project.language_root(locale) + page for locale in project.locales for page in pages]


def performance_report(scores: dict[tuple[str, int], dict[str, Any]]) -> tuple[str, list[float]]:
    """A table of each page's performance and weight, the medians of its runs; and the
    performance medians."""
    by_page: dict[str, list[dict[str, Any]]] = {}
    for (page, _), found in scores.items():
        by_page.setdefault(page, []).append(found)
    lines = [f"{'page':36} {'performance':>12} {'KiB':>7}   runs"]
    medians, kibs = [], []
    for page, runs in by_page.items():
        values = [run["scores"]["performance"] for run in runs]
        medians.append(statistics.median(values))
        kibs.append(statistics.median(run.get("kib") or 0.0 for run in runs))
        lines.append(f"{'/' + page:36} {medians[-1]:>12.0f} {kibs[-1]:>7.0f}   {values}")
    lines.append(
        f"median over pages {statistics.median(medians):.0f}, lowest {min(medians):.0f}; "
        f"heaviest page {max(kibs):.0f} KiB"
    )
    return "\n".join(lines), medians
