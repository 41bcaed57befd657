"""What the pages contain besides runnable Python: every fence is accounted for.

Python fences run (Sybil, see ``conftest.py``). Code and output are never pasted: a Python fence
includes a snippet file or a section of ``dyndocs``, and an output fence includes a run's output,
titled in the page's language. A ``pycon`` fence is a doctest (Sybil runs it), and shell commands
must name things that exist: Make targets and files. Other kinds of fence fail.
"""

from __future__ import annotations

import re

import pytest

from sitebuild.languages.strings import Strings
from sitebuild.pages.includes import expand, include_target
from sitebuild.pages.notebooks import fences

from ..reader_env import readme_install
from ..support import CONFIG, ROOT, docs, locales, pages, project

RUN = {"python", "py", "pycon"}
KNOWN = RUN | {"text", "bash"}


def make_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):", makefile, re.MULTILINE))


def all_pages() -> list[str]:
    return [f"{locale}/{page}" for locale in locales() for page in pages(locale)]


def expanded(page: str) -> str:
    locale, _, rest = page.partition("/")
    path = docs(locale) / rest
    return expand(path.read_text(encoding="utf-8"), source=f"docs/{page}", config_file=CONFIG)


@pytest.mark.parametrize("page", all_pages())
def test_every_fence_is_a_known_kind(page: str) -> None:
    for fence in fences(expanded(page)):
        language = fence.info.split()[0] if fence.info else ""
        assert language in KNOWN, (
            f"docs/{page}: a ```{language or '(no language)'} fence; use one of {sorted(KNOWN)}"
        )


@pytest.mark.parametrize("page", all_pages())
def test_shell_commands_name_what_exists(page: str) -> None:
    targets = make_targets()
    for fence in fences(expanded(page)):
        if not fence.info.startswith("bash"):
            continue
        for line in filter(None, (raw.strip() for raw in fence.body.splitlines())):
            for target in re.findall(r"^make (\S+)", line):
                assert target in targets, f"docs/{page}: `{line}` names no Make target"
            for path in re.findall(r"(?:snippets|dyndocs)/[\w./-]+\.py", line):
                assert (ROOT / path).is_file(), f"docs/{page}: `{line}` names a missing file"
            for install in re.findall(r"^examples-env/bin/pip install (.+)$", line):
                assert install == readme_install(), (
                    f"docs/{page}: `{line}` installs other packages than the README's line, "
                    "which the suite builds the reader's venv from"
                )


def pasted(body: str, *, output: bool) -> str | None:
    """The first line of ``body`` that is not an include (of a run's output if ``output``, of
    code if not), or ``None`` when every line is one."""
    for line in filter(str.strip, body.splitlines()):
        target = include_target(line)
        if target is None or target.startswith("run:") != output:
            return line.strip()
    return None


@pytest.mark.parametrize("page", all_pages())
def test_code_and_output_are_included_never_pasted(page: str) -> None:
    locale = page.partition("/")[0]
    output_title = Strings.load(project().i18n, [locale]).get(locale, "notebook.output")
    text = (docs(locale) / page.partition("/")[2]).read_text(encoding="utf-8")
    for fence in fences(text):
        info, body = fence.info, fence.body
        language = info.split()[0] if info else ""
        if language in {"python", "py"} and (line := pasted(body, output=False)) is not None:
            raise AssertionError(
                f"docs/{page}: a Python block holds {line!r}; put the code in a snippet file "
                'and include it (--8<-- "snippets/<page>/<idea>.py"), or write a pycon doctest'
            )
        if language == "text":
            if (line := pasted(body, output=True)) is not None:
                raise AssertionError(
                    f"docs/{page}: an output block holds {line!r}; show what the snippet prints "
                    'with --8<-- "run:snippets/<page>/<idea>.py"'
                )
            assert f'title="{output_title}"' in info, (
                f"docs/{page}: the output block ```{info} is titled in another language; "
                f'use title="{output_title}" (notebook.output in i18n/{locale}.yml)'
            )


@pytest.mark.parametrize(
    ("body", "output", "found"),
    [
        ('--8<-- "snippets/a/b.py"\n', False, None),
        (
            '--8<-- "dyndocs/models/tips.py:imports"\n--8<-- "dyndocs/models/tips.py:mlp"',
            False,
            None,
        ),
        ("x = 1\n", False, "x = 1"),
        ('--8<-- "run:snippets/a/b.py"\n', False, '--8<-- "run:snippets/a/b.py"'),
        ('--8<-- "run:snippets/a/b.py"\n', True, None),
        ("True\n", True, "True"),
        ('--8<-- "snippets/a/b.py"', True, '--8<-- "snippets/a/b.py"'),
    ],
)
def test_a_pasted_line_is_found(body: str, output: bool, found: str | None) -> None:
    assert pasted(body, output=output) == found
