"""Every snippet file runs as a script, and every snippet is shown on some page.

Runs go through the same :class:`~sitebuild.runs.runner.CodeRunner` as the build's output blocks, so
each snippet runs once for its content, whichever asks first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.pages.includes import include_targets
from sitebuild.pages.outputs import shown_snippets
from sitebuild.runs.runner import CodeRunner

from ..support import ROOT, docs, locales, project

PLAIN_VECTOR_PATH = {"ATEN_CPU_CAPABILITY": "default"}
"""A run's environment without the CPU's widest vector path (ATen reads it at import)."""


def _shown() -> set[Path]:
    return set(shown_snippets(sorted(docs(project().locales[0]).rglob("*.md")), ROOT))


SNIPPETS = sorted((ROOT / "snippets").rglob("*.py"))


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda p: str(p.relative_to(ROOT / "snippets")))
def test_snippet_runs_as_script(runner: CodeRunner, snippet: Path) -> None:
    run = runner.run_file(snippet)  # fails, naming the file, on an error or a file left behind
    if snippet.resolve() in _shown():
        assert run.stdout.strip(), (
            f"{snippet}: its output is shown on a page but it printed nothing"
        )


def test_every_snippet_is_shown_on_a_page() -> None:
    shown: set[str] = set()
    for page in docs(locales()[0]).rglob("*.md"):
        for target in include_targets(page.read_text(encoding="utf-8")):
            shown.add(target.removeprefix("run:").split(":")[0])
    orphans = [str(p.relative_to(ROOT)) for p in SNIPPETS if str(p.relative_to(ROOT)) not in shown]
    assert not orphans, f"snippet files no page includes: {orphans}"


@pytest.mark.parametrize(
    "snippet", sorted(_shown()), ids=lambda p: str(p.relative_to(ROOT / "snippets"))
)
def test_shown_output_does_not_depend_on_cpu_vector_width(
    runner: CodeRunner, snippet: Path
) -> None:
    """Outputs on the pages are the same with the CPU's widest vector path and without it.

    The plain-path run is cached by content like any other, so only a changed snippet (or a
    changed module it imports) runs again.
    """
    code = snippet.read_text(encoding="utf-8")
    # Inductor's on-disk cache ignores ATEN_CPU_CAPABILITY: the plain path compiles on its own.
    isolate = {"TORCHINDUCTOR_CACHE_DIR": str(ROOT / ".cache" / "inductor-plain-vector-path")}
    plain = runner.run(code, name=runner.display(snippet), env=PLAIN_VECTOR_PATH, isolate=isolate)
    assert plain.stdout == runner.run_file(snippet).stdout, (
        f"{snippet.relative_to(ROOT)} prints different output when run again with "
        "ATEN_CPU_CAPABILITY=default: either its numbers depend on the CPU's vector width (print "
        "fewer digits, or use smaller tensors), or it is not deterministic (is it seeded? does it "
        "print a time, an address or a set's order?)"
    )
