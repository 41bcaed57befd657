"""sitebuild.syntax: parses take one lock per process, and the test session's ast.parse too."""

from __future__ import annotations

import ast
import re
import threading
from pathlib import Path

from sitebuild import syntax

SITEBUILD = Path(syntax.__file__).parent


def _parses_while_held(parse: object) -> tuple[bool, bool]:
    """Whether ``parse`` waited while the lock was held, and whether it ran once released."""
    done = threading.Event()
    thread = threading.Thread(target=lambda: (parse("x = 1"), done.set()))  # type: ignore[operator]
    with syntax._PARSING:
        thread.start()
        waited = not done.wait(0.3)
    thread.join(10)
    return waited, done.is_set()


def test_a_parse_waits_while_another_thread_parses() -> None:
    assert _parses_while_held(syntax.parse) == (True, True)


def test_the_test_session_routes_ast_parse_through_the_same_lock() -> None:
    """The root conftest.py serialises ast.parse for torch's and pytest's parses too."""
    assert _parses_while_held(ast.parse) == (True, True)
    before = ast.parse
    syntax.serialize_ast_parse()
    assert ast.parse is before, "a second call must not wrap it again"


def test_sitebuild_parses_only_through_the_lock() -> None:
    direct = re.compile(r"\bast\.parse\(")
    found = [
        f"{path.relative_to(SITEBUILD)}:{number}"
        for path in sorted(SITEBUILD.rglob("*.py"))
        if path.name != "syntax.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if direct.search(line)
    ]
    assert not found, f"ast.parse outside sitebuild.syntax: {found}"
