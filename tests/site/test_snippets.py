"""Every snippet file runs as a script; one test per file.

Running also fills the output cache that the site build reads, so the strict
build later in the suite does not run the same files again.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from dyndocs.site import ROOT, outputs
from dyndocs.site.includes import include_targets

from .helpers import DOCS, snippet_files


def _shown_outputs() -> set[Path]:
    return set(outputs.shown_snippets(DOCS.rglob("*.md")))


@pytest.mark.parametrize(
    "snippet", snippet_files(), ids=lambda p: str(p.relative_to(ROOT / "snippets"))
)
def test_snippet_runs_as_script(snippet: Path) -> None:
    run = outputs.run_snippet(snippet)
    assert not run.left_files, f"{snippet} wrote {run.left_files} into the working directory"
    if snippet.resolve() in _shown_outputs():
        assert run.stdout.strip(), (
            f"{snippet}: its output is shown on a page but it printed nothing"
        )
        outputs.store(run)


def test_every_snippet_is_shown_on_a_page() -> None:
    shown: set[str] = set()
    for page in DOCS.rglob("*.md"):
        for target in include_targets(page.read_text(encoding="utf-8")):
            shown.add(target.removeprefix("run:").split(":")[0])
    orphans = [
        str(p.relative_to(ROOT)) for p in snippet_files() if str(p.relative_to(ROOT)) not in shown
    ]
    assert not orphans, f"snippet files no page includes: {orphans}"


def test_shown_outputs_do_not_depend_on_cpu_vector_width(tmp_path: Path) -> None:
    """Outputs on the pages are the same with the CPU's widest vector path and without it."""
    # Inductor's on-disk cache ignores ATEN_CPU_CAPABILITY: compile afresh for the plain path.
    env = {"ATEN_CPU_CAPABILITY": "default", "TORCHINDUCTOR_CACHE_DIR": str(tmp_path)}
    shown = sorted(_shown_outputs())
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        runs = list(pool.map(lambda snippet: outputs.run_snippet(snippet, env=env), shown))
    for snippet, plain in zip(shown, runs, strict=True):
        assert plain.stdout == outputs.output_of(snippet), (
            f"{snippet.relative_to(ROOT)} prints different output with ATEN_CPU_CAPABILITY=default"
        )


def test_failing_snippet_names_its_file(tmp_path: Path) -> None:
    bad = tmp_path / "failing_example.py"
    bad.write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    with pytest.raises(outputs.SnippetFailed, match=r"(?s)failing_example\.py exited.*boom"):
        outputs.run_snippet(bad)
