"""Lighthouse scores of the built site, one page of each kind in every language.

Lighthouse (the ``lighthouse`` npm package, run with Debian's Chromium) scores a page served by a
plain static server, as a reader's browser gets it. Accessibility, best practices and SEO must be
100; performance is a benchmark, reported as the median of several runs. Every run is cached by
what it depends on: the page's HTML, the files it loads, Lighthouse's version and the run's
settings, so an unchanged page is not scored again.

``make lighthouse`` scores the site the test suite builds (``tests/site/test_lighthouse.py``);
``python -m sitebuild.audit --site site --runs 3`` scores any built site, e.g. ``make build``'s.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

LIGHTHOUSE_VERSION = "12.8.2"
TOOL_DIR = Path(".cache") / "lighthouse-tool"
GATED = ("accessibility", "best-practices", "seo")
CATEGORIES = ("performance", *GATED)
PAGES = (
    "",
    "concepts/static-vs-dynamic/",
    "tips/performance/",
    "performance/",
    "notebooks/first-graph/",
    "reference/api/",
    "glossary/",
)
"""One page of each kind: home, concept, tip, performance, notebook, API reference, glossary."""
LOCALES = ("", "zh-hans/", "zh-hant/")
SCHEMES = ("light", "dark")
"""The site follows the reader's colour scheme; Lighthouse checks the one Chromium reports."""
DARK = "--blink-settings=preferredColorScheme=0"
"""Chromium's switch that makes ``prefers-color-scheme: dark`` match (0 is dark in Blink)."""
ASSET = re.compile(r'(?:href|src)="([^"#?]+\.(?:css|js|png|svg|ico|woff2?))"')


class LighthouseMissing(RuntimeError):
    """Lighthouse is not installed; the message gives the one command that installs it."""


def lighthouse_cli(root: Path) -> Path:
    """The installed Lighthouse CLI, or an error naming the command that installs it."""
    cli = root / TOOL_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists() or shutil.which("node") is None:
        raise LighthouseMissing(f"Lighthouse is missing: run `make lighthouse-tool` ({cli})")
    return cli


def chromium() -> str:
    return os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


@dataclass(frozen=True)
class Scores:
    """One page's scores (0-100) per category, from one run."""

    page: str
    scores: dict[str, int]
    failing: dict[str, list[str]]
    """Per gated category, the audits that did not pass, by id."""


def page_key(
    site: Path, page: str, categories: tuple[str, ...], run: int, scheme: str = "light"
) -> str:
    """What a run of ``page`` depends on: its HTML, what it loads, Lighthouse and the settings."""
    html = (site / page / "index.html").read_bytes()
    digest = hashlib.sha256(html)
    for asset in sorted(set(ASSET.findall(html.decode("utf-8", "replace")))):
        path = (site / page / asset).resolve()
        if path.is_file() and site.resolve() in path.parents:
            digest.update(asset.encode() + path.read_bytes())
    digest.update(json.dumps([LIGHTHOUSE_VERSION, categories, run, scheme]).encode())
    return digest.hexdigest()[:20]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The standard static handler, without a log line per request on stderr."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` on a plain static server on localhost: no compression, like the issue's check."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def score(
    root: Path,
    site: Path,
    page: str,
    *,
    categories: tuple[str, ...] = CATEGORIES,
    run: int = 1,
    scheme: str = "light",
    base_url: str,
) -> Scores:
    """Score ``page`` once in the ``light`` or ``dark`` scheme, or read the cached run."""
    if scheme not in SCHEMES:
        raise ValueError(f"scheme={scheme!r}: expected one of {', '.join(SCHEMES)}")
    cache = root / ".cache" / "lighthouse"
    cache.mkdir(parents=True, exist_ok=True)
    cached = cache / f"{page_key(site, page, categories, run, scheme)}.json"
    if not cached.exists():
        report = _run_lighthouse(root, base_url + page, categories, scheme)
        cached.write_text(json.dumps(summarise(report, categories)), encoding="utf-8")
    data = json.loads(cached.read_text(encoding="utf-8"))
    return Scores(page, data["scores"], data["failing"])


def summarise(report: dict[str, object], categories: tuple[str, ...]) -> dict[str, object]:
    """The scores and, for each gated category, the ids of the audits that did not pass."""
    cats = report["categories"]  # type: ignore[index]
    audits = report["audits"]  # type: ignore[index]
    scores = {c: round(100 * (cats[c]["score"] or 0)) for c in categories}  # type: ignore[index]
    failing = {}
    for category in categories:
        if category not in GATED:
            continue
        refs = cats[category]["auditRefs"]  # type: ignore[index]
        failing[category] = [
            ref["id"]
            for ref in refs
            if ref.get("weight", 0) > 0 and audits[ref["id"]].get("score") not in (1, None)
        ]
    return {"scores": scores, "failing": failing}


def _run_lighthouse(
    root: Path, url: str, categories: tuple[str, ...], scheme: str
) -> dict[str, object]:
    flags = "--headless=new --no-sandbox --disable-gpu" + (f" {DARK}" if scheme == "dark" else "")
    command = [
        "node",
        str(lighthouse_cli(root)),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(categories)}",
        f"--chrome-flags={flags}",
    ]
    env = {**os.environ, "CHROME_PATH": chromium()}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"Lighthouse failed on {url}:\n{done.stderr.strip()[-2000:]}")
    report: dict[str, object] = json.loads(done.stdout)
    if report.get("runtimeError"):
        raise RuntimeError(f"Lighthouse could not load {url}: {report['runtimeError']}")
    return report


def audited_pages() -> list[str]:
    return [locale + page for locale in LOCALES for page in PAGES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.audit", description=__doc__)
    parser.add_argument("--site", type=Path, default=Path("site"), help="the built site")
    parser.add_argument("--runs", type=int, default=3, help="performance runs per page")
    args = parser.parse_args(argv)
    root = Path.cwd()
    try:
        lighthouse_cli(root)
    except LighthouseMissing as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    failures = []
    rows = []
    with served(args.site) as base_url:
        for page in audited_pages():
            runs = [
                score(root, args.site, page, run=number, base_url=base_url)
                for number in range(1, args.runs + 1)
            ]
            performance = statistics.median(r.scores["performance"] for r in runs)
            gated = {c: runs[0].scores[c] for c in GATED}
            rows.append((page or "/", performance, gated))
            for category, value in gated.items():
                if value < 100:
                    failures.append(f"/{page}: {category} {value}: {runs[0].failing[category]}")
            dark = score(
                root,
                args.site,
                page,
                categories=("accessibility",),
                scheme="dark",
                base_url=base_url,
            )
            if dark.scores["accessibility"] < 100:
                failures.append(f"/{page} (dark): accessibility: {dark.failing['accessibility']}")
    print(f"{'page':40} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5}")
    for page, performance, gated in rows:
        values = " ".join(f"{gated[c]:5d}" for c in GATED)
        print(f"{'/' + page.lstrip('/'):40} {performance:5.0f} {values}")
    performances = [p for _, p, _ in rows]
    middle, lowest = statistics.median(performances), min(performances)
    print(f"performance: median {middle:.0f}, lowest {lowest:.0f}")
    if failures:
        print("\n".join(["accessibility, best practices and SEO must be 100:", *failures]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
