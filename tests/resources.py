"""The tests' slow resources, made in the background while other tests run.

A cold ``make test`` spends minutes on things no test has to run before: the strict site build,
the Lighthouse gates once the site is built, the C++ reference's compilation, the snippets' runs
on the plain vector path, and the reader's runs of the copied blocks and the notebooks (after the
gates, when the foreground leaves part of a core idle). Each is mostly a subprocess (MkDocs, Node
with Chromium, the compiler, a forked run) and needs little of the pytest process, so on two
cores it can go on while the snippet and page tests use the other. The reader's venv is one too,
made here only when missing: ``make test`` makes it before pytest starts, beside the project's.

``tests/conftest.py`` starts the ones the selected tests need as soon as collection is done, and
puts the built-site tests and every test that asks for a resource last; each fixture then waits
for its own resource. An error in a resource is raised in the fixture that asks for it, as if
the fixture had made it. The caches the resources fill are safe to share with the tests running
meanwhile: the code runner locks each entry, and every other cache is written whole or not at
all (:mod:`sitebuild.cachefiles`).
The environment is not: a resource's subprocesses inherit ``os.environ``, so a test that changes
it must first ask for the resources it could reach (``test_cpp.py``'s ``no_compiler`` does).

Written here rather than with pytest-xdist: that would make every session resource, the cold
build first, once per worker.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, wait
from dataclasses import dataclass
from pathlib import Path

from sitebuild import audit
from sitebuild.outputs import shown_snippets
from sitebuild.project import Project
from sitebuild.runs import CodeRunner, RunFailed, RunResult

from . import reader_env, reader_runs
from .support import CONFIG, ROOT, TEST_REPO_URL, cached_build, docs

BUILD_ENV = {"DYNDOCS_BENCH": "recorded", "REPO_URL": TEST_REPO_URL}
"""The test build uses the benchmark results recorded with the repository: no timing is taken."""
PLAIN_VECTOR_PATH = {"ATEN_CPU_CAPABILITY": "default"}
"""A run's environment without the CPU's widest vector path (ATen reads it at import)."""


def shown_snippet_files(project: Project) -> list[Path]:
    """The snippet files whose output a page shows, from the default language's pages."""
    pages = sorted(docs(project.locales[0]).rglob("*.md"))
    return sorted(set(shown_snippets(pages, ROOT)))


def plain_vector_run(runner: CodeRunner, project: Project, snippet: Path) -> RunResult:
    """``snippet`` run on the plain vector path; cached by content like any other run."""
    code = snippet.read_text(encoding="utf-8")
    # Inductor's on-disk cache ignores ATEN_CPU_CAPABILITY: the plain path compiles on its own.
    isolate = {"TORCHINDUCTOR_CACHE_DIR": str(project.cache / "inductor-plain-vector-path")}
    return runner.run(code, name=runner.display(snippet), env=PLAIN_VECTOR_PATH, isolate=isolate)


@dataclass(frozen=True)
class ReaderRuns:
    """What failed where a reader runs the site's code: each a message naming its page."""

    blocks: list[str]
    """Titled code blocks pasted alone."""
    notebooks: list[str]
    """English notebooks run top to bottom."""


class Resources:
    """Each resource made once per session, started early by :meth:`start`.

    Args:
        project: The site's project, read from ``mkdocs.yml``.
    """

    NAMES = (
        "built_site",
        "reader_env",
        "lighthouse_gates",
        "cpp_extension",
        "plain_vector_runs",
        "reader_runs",
    )

    def __init__(self, project: Project) -> None:
        self.project = project
        self.started: dict[str, Future[object]] = {}
        self.seconds: dict[str, float] = {}
        """How long each resource made so far took, waiting for those it needs included."""
        self.lock = threading.Lock()

    def start(self, name: str) -> None:
        """Begin making ``name`` in a thread of its own, unless it has begun.

        The thread is a daemon: a run stopped with Ctrl-C exits at once, and a subprocess it
        leaves finishes on its own, filling its cache whole or not at all.
        """
        if name not in self.NAMES:
            raise ValueError(f"no resource {name!r}: expected one of {', '.join(self.NAMES)}")
        with self.lock:
            if name in self.started:
                return
            future: Future[object] = Future()
            self.started[name] = future
        make = getattr(self, f"_make_{name}")

        def run() -> None:
            began = time.perf_counter()
            try:
                made = make()
            except BaseException as error:  # noqa: BLE001 - handed to whoever asks for it
                self.seconds[name] = time.perf_counter() - began
                future.set_exception(error)
            else:
                self.seconds[name] = time.perf_counter() - began
                future.set_result(made)

        threading.Thread(target=run, name=f"resource-{name}", daemon=True).start()

    def get(self, name: str) -> object:
        """``name``, once made; raises what making it raised."""
        self.start(name)
        return self.started[name].result()

    def settle(self) -> None:
        """Wait until every resource started so far is made or has failed (each one waits for
        those it starts): after it, nothing of theirs runs in this process."""
        with self.lock:
            started = list(self.started.values())
        wait(started)

    def timings(self) -> str:
        """One line, each resource made so far and its seconds in the order they ended, such as
        ``built_site 61.0 s, cpp_extension 0.5 s``; a failed one is timed too."""
        ended = dict(self.seconds)  # a copy: a resource still being made may end meanwhile
        return ", ".join(f"{name} {seconds:.1f} s" for name, seconds in ended.items())

    # -- the resources ------------------------------------------------------------------------

    def _make_built_site(self) -> tuple[Path, int, str]:
        """The whole site, built strictly: its folder, MkDocs' exit status and its log."""
        return cached_build(CONFIG, self.project.cache / "site", BUILD_ENV)

    def _make_reader_env(self) -> Path:
        """The reader's venv (:mod:`tests.reader_env`); ``make test`` has usually made it."""
        return reader_env.make(self.project.root)

    def _make_lighthouse_gates(self) -> dict:
        """Lighthouse's gated scores of every audited page."""
        site, status, _ = self.get("built_site")  # type: ignore[misc]
        if status != 0:
            raise RuntimeError("the site did not build: see the built-site tests")
        audit.lighthouse_cli(ROOT)  # raises LighthouseMissing, with the command that installs it
        pages = audit.audited_pages(self.project)
        with audit.served(site) as base_url:
            return audit.score_pages(ROOT, site, pages, categories=audit.GATED, base_url=base_url)

    def _make_reader_runs(self) -> ReaderRuns:
        """The reader's runs (:mod:`tests.reader_runs`), once the Lighthouse gates are scored if
        they were started: until then both cores are busy, and after it the browser checks in
        the foreground leave part of one idle."""
        site, status, _ = self.get("built_site")  # type: ignore[misc]
        if status != 0:
            raise RuntimeError("the site did not build: see the built-site tests")
        env = self.get("reader_env")
        assert isinstance(env, Path)
        if (gates := self.started.get("lighthouse_gates")) is not None:
            wait([gates])  # whatever they found is reported by their own tests
        return self._run_as_reader(site, env)

    def _run_as_reader(self, site: Path, env: Path) -> ReaderRuns:
        """The blocks and the notebooks, run. A method, so that a test replaces it on its own
        instance: patching the module's functions would reach the session's resources too."""
        return ReaderRuns(reader_runs.run_blocks(site, env), reader_runs.run_notebooks(site, env))

    def _make_cpp_extension(self) -> object:
        """The C++ reference's extension module, compiled (or loaded from ``.cache/cpp``)."""
        from sitebuild.bench.cases import _cpp  # imports torch: only when a test asks for it

        return _cpp.extension(_cpp.cache_dir())

    def _make_plain_vector_runs(self) -> dict[Path, RunResult | RunFailed]:
        """Every shown snippet run on the plain vector path, one after another: the other core
        is the foreground's. A failure is kept for its test to report."""
        runner = CodeRunner(self.project.root, self.project.cache / "runs")
        found: dict[Path, RunResult | RunFailed] = {}
        try:
            for snippet in shown_snippet_files(self.project):
                try:
                    found[snippet] = plain_vector_run(runner, self.project, snippet)
                except RunFailed as error:
                    found[snippet] = error
        finally:
            runner.zygotes.close()
        return found
