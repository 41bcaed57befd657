"""Fixtures shared by the tests: the project, the code runner, and one strict site build.

The strict build uses the benchmark results recorded with the repository
(``DYNDOCS_BENCH=recorded``), so every claim on every page is checked against real data and no
timing is taken in the test suite. It is kept under ``.cache/site/`` and reused while nothing it
reads has changed.

The build and the other slow resources start in the background as soon as the tests are
collected, and the tests that wait for them run last (:mod:`tests.resources`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from sitebuild.project import Project
from sitebuild.runs import CodeRunner

from . import support
from .resources import Resources

RESOURCES = pytest.StashKey[Resources]()
SITE_TESTS = support.ROOT / "tests" / "site"


def _resources(config: pytest.Config) -> Resources:
    if RESOURCES not in config.stash:
        config.stash[RESOURCES] = Resources(support.project())
    return config.stash[RESOURCES]


def _waits(item: pytest.Item) -> bool:
    """Whether ``item`` is a built-site test or needs a resource made in the background."""
    asked = set(getattr(item, "fixturenames", ()))
    return item.path.is_relative_to(SITE_TESTS) or not asked.isdisjoint(Resources.NAMES)


MADE_LAST = "reader_runs"
"""The resource made last (it waits for the Lighthouse gates, ``tests.resources``): the tests that
wait for it run after every other, so that the others run while it is being made instead of after
it (on a cold run the Lighthouse test of a broken page alone took 8 s there)."""


def run_order(item: pytest.Item) -> int:
    """0 for a test that waits for nothing, 1 for one that waits, 2 for one that waits for
    MADE_LAST, 3 for one that patches what the process shares (``monkeypatch``, below)."""
    asked = getattr(item, "fixturenames", ())
    if "monkeypatch" in asked:
        return 3
    if MADE_LAST in asked:
        return 2
    return int(_waits(item))


BESIDE_RESOURCES = (support.ROOT / "tests" / "docs", support.ROOT / "tests" / "dyndocs")
"""Tests that wait for nothing but run in the resources part, before the tests that wait: with
nothing changed, that part was done in 22 s and the other in 50 s (2 cores), and these 13 s of
tests even them out; on a cold run they run while the site is being built."""


def in_part(item: pytest.Item, part: str | None) -> bool:
    """Whether ``--part=part`` runs ``item``: every test is in exactly one part, and in the
    whole run (``None``)."""
    beside = any(item.path.is_relative_to(folder) for folder in BESIDE_RESOURCES)
    return part is None or (_waits(item) or beside) == (part == "resources")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the tests of the part asked for (``--part``); the tests that wait for a resource go
    last, and those that wait for MADE_LAST after them, so the resources are made while the
    others run.

    ``make test`` runs the two parts side by side, so that the other tests use the second core,
    which is otherwise idle once the resources are made (a run with nothing changed)."""
    part = config.getoption("part")
    kept = [item for item in items if in_part(item, part)]
    if len(kept) < len(items):
        chosen = {id(item) for item in kept}
        config.hook.pytest_deselected(items=[i for i in items if id(i) not in chosen])
        items[:] = kept
    items.sort(key=run_order)  # a stable sort: each group keeps its order


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start every resource a selected test asks for (the gates need the build too); none when
    only collecting, which would end the run while they are being made."""
    if session.config.option.collectonly:
        return
    asked = {name for item in session.items for name in getattr(item, "fixturenames", ())}
    for name in Resources.NAMES:
        if name in asked:
            _resources(session.config).start(name)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Prune the tests' kept passes that no run has used for a long time."""
    if not session.config.option.collectonly:
        support.prune_test_caches(support.ROOT / ".cache")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say how long each background resource took, so that a slow cold run shows where."""
    made = terminalreporter.config.stash.get(RESOURCES, None)
    if made is not None and made.seconds:
        terminalreporter.write_line(f"background resources: {made.timings()}")


@pytest.fixture(scope="session")
def resources(request: pytest.FixtureRequest) -> Resources:
    return _resources(request.config)


@pytest.fixture
def monkeypatch(monkeypatch: pytest.MonkeyPatch, resources: Resources) -> pytest.MonkeyPatch:
    """pytest's own, once the resources started in the background are made.

    What a test patches (``shutil.which``, a module's function, a class's method) is shared with
    their threads: a test that patched ``shutil.which`` while the site was being built would have
    taken Graphviz from its diagrams. Such tests run last (``run_order``), so this rarely waits.
    """
    resources.settle()
    return monkeypatch


@pytest.fixture(scope="session")
def project_root() -> Path:
    return support.ROOT


@pytest.fixture(scope="session")
def project() -> Project:
    return support.project()


@pytest.fixture(scope="session")
def runner(project: Project) -> CodeRunner:
    """The runner the build uses too: a snippet runs once for its content, whoever asks first."""
    return CodeRunner(project.root, project.cache / "runs")


@pytest.fixture(scope="session")
def shown(runner: CodeRunner, project: Project) -> Callable[[str], str]:
    """The output a page shows for a snippet, e.g. ``shown("snippets/tips/item.py")``."""

    def output(path: str) -> str:
        return runner.run_file(project.root / path).stdout

    return output


class SiteBuildFailed(Exception):
    """The strict build failed or warned: every test that needs the site errors with it."""


BUILD_FAILURE_SHOWN = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """Show a failed build's log once: the 130-odd tests that need the site each error with it,
    and repeated, it ran to some 15,000 lines."""
    report = yield
    if call.excinfo is not None and call.excinfo.errisinstance(SiteBuildFailed):
        if item.config.stash.get(BUILD_FAILURE_SHOWN, False):
            report.longrepr = "the strict build failed: its log is in the first such error above"
        item.config.stash[BUILD_FAILURE_SHOWN] = True
    return report


@pytest.fixture(scope="session")
def built_site(resources: Resources) -> Path:
    """The whole site, built strictly with the recorded benchmark results."""
    site, status, log = resources.get("built_site")  # type: ignore[misc]
    if status != 0:
        raise SiteBuildFailed(f"strict build failed:\n{log[-6000:]}")
    # MkDocs' own log lines; a Jupyter kernel's "[IPKernelApp] WARNING" about TCP is not one.
    warnings = [line for line in log.splitlines() if re.match(r"WARNING\s+-", line)]
    if warnings:
        raise SiteBuildFailed("strict build warned:\n" + "\n".join(warnings))
    return site
