"""What the pages contain besides runnable Python: every fence is accounted for.

Python fences run (Sybil, see ``conftest.py``). Other fences must be a known kind, and shell
commands must name things that exist: Make targets and files.
"""

from __future__ import annotations

import re

import pytest

from sitebuild.includes import expand

from ..support import CONFIG, ROOT, docs, fences, locales, pages

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
    for info, _body in fences(expanded(page)):
        language = info.split()[0] if info else ""
        assert language in KNOWN, (
            f"docs/{page}: a ```{language or '(no language)'} fence; use one of {sorted(KNOWN)}"
        )


@pytest.mark.parametrize("page", all_pages())
def test_shell_commands_name_what_exists(page: str) -> None:
    targets = make_targets()
    for info, body in fences(expanded(page)):
        if not info.startswith("bash"):
            continue
        for line in filter(None, (raw.strip() for raw in body.splitlines())):
            for target in re.findall(r"^make (\S+)", line):
                assert target in targets, f"docs/{page}: `{line}` names no Make target"
            for path in re.findall(r"(?:snippets|dyndocs)/[\w./-]+\.py", line):
                assert (ROOT / path).is_file(), f"docs/{page}: `{line}` names a missing file"
