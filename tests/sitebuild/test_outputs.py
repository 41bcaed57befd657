"""sitebuild.pages.outputs: a run: include shows what the snippet printed, or fails naming it."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

import markdown
import pytest

from sitebuild.pages import outputs
from sitebuild.runs.runner import CodeRunner, RunFailed
from sitebuild.runs.zygote import ZygotePool


@pytest.fixture(scope="module")
def plain() -> Iterator[ZygotePool]:
    """A zygote that imports nothing: these snippets need no torch, which takes seconds."""
    pool = ZygotePool(preload=())
    yield pool
    pool.close()


@pytest.fixture(autouse=True)
def runs_on_plain(plain: ZygotePool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The extension's runner, made from its configuration as ever, forks from ``plain``."""
    monkeypatch.setattr(outputs, "CodeRunner", functools.partial(CodeRunner, zygotes=plain))


def render(text: str, root: Path) -> str:
    md = markdown.Markdown(
        extensions=["sitebuild.pages.outputs"],
        extension_configs={"sitebuild.pages.outputs": {"base_path": root}},
    )
    return "\n".join(md.preprocessors["run_output"].run(text.split("\n")))


def test_the_output_replaces_the_include(tmp_path: Path) -> None:
    (tmp_path / "hello.py").write_text("print('hello')\nprint('world')\n")
    assert render('```text\n    --8<-- "run:hello.py"\n```', tmp_path) == (
        "```text\n    hello\n    world\n```"
    )
    assert list((tmp_path / ".cache" / "runs").iterdir()), "the run is not kept in .cache/runs"


def test_a_missing_snippet_or_an_empty_output_fails_by_name(tmp_path: Path) -> None:
    with pytest.raises(RunFailed, match="'gone.py' could not be found"):
        render('--8<-- "run:gone.py"', tmp_path)
    (tmp_path / "quiet.py").write_text("x = 1\n")
    with pytest.raises(RunFailed, match="'quiet.py' printed nothing"):
        render('--8<-- "run:quiet.py"', tmp_path)
