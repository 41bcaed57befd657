"""sitebuild.outputs: a run: include shows what the snippet printed, or fails naming it."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest

from sitebuild.outputs import RunOutputPreprocessor
from sitebuild.runs import CodeRunner, RunFailed
from sitebuild.zygote import ZygotePool


def render(text: str, root: Path) -> str:
    md = markdown.Markdown(
        extensions=["sitebuild.outputs"],
        extension_configs={"sitebuild.outputs": {"base_path": root, "cache_dir": root / "runs"}},
    )
    return "\n".join(md.preprocessors["run_output"].run(text.split("\n")))


def test_the_output_replaces_the_include(tmp_path: Path) -> None:
    (tmp_path / "hello.py").write_text("print('hello')\nprint('world')\n")
    assert render('```text\n    --8<-- "run:hello.py"\n```', tmp_path) == (
        "```text\n    hello\n    world\n```"
    )


def test_a_missing_snippet_or_an_empty_output_fails_by_name(tmp_path: Path) -> None:
    # The preprocessor alone, on a zygote that imports nothing: these snippets need no torch,
    # and the test above goes through the extension.
    plain = ZygotePool(size=1, preload=())
    runner = CodeRunner(tmp_path, tmp_path / "runs", zygotes=plain)
    preprocessor = RunOutputPreprocessor(markdown.Markdown(), runner)
    try:
        with pytest.raises(RunFailed, match="'gone.py' could not be found"):
            preprocessor.run(['--8<-- "run:gone.py"'])
        (tmp_path / "quiet.py").write_text("x = 1\n")
        with pytest.raises(RunFailed, match="'quiet.py' printed nothing"):
            preprocessor.run(['--8<-- "run:quiet.py"'])
    finally:
        plain.close()
