"""Bad input fails the build with a message that names the file and what is wrong.

Each case builds a tiny three-language project that inherits the real ``mkdocs.yml`` (same
plugins and Markdown extensions) with one fault, with benchmarks off except where a claim is
the fault. It links in only what these builds read (the theme overrides, the build tooling, the
language data, the recorded benchmarks and one snippet folder). Builds are kept by content
(``.cache/bad-input/``), so an unchanged case is not built again.
"""

from __future__ import annotations

import hashlib

import pytest

from sitebuild.pages import includes
from sitebuild.pages.includes import IncludeError, expand

from ..support import CONFIG, ROOT, cached_build, locales

GOOD = "# Page\n\n## Section {#section}\n\nA small page that the bad-input tests build.\n"


NAV = "[{Home: index.md}, {Glossary: other.md}]"
"""Titles the real ``mkdocs.yml`` translates in every language (``nav_translations``)."""


def build_project(
    name: str,
    pages: dict[str, str],
    bench: str = "off",
    files: dict[str, str] | None = None,
    nav: str = NAV,
) -> tuple[int, str]:
    """Build ``pages`` (``"en/index.md"`` → Markdown) strictly; return exit status and log.

    ``files`` are written next to ``mkdocs.yml``, e.g. an example that a page runs.
    """
    folder = ROOT / ".cache" / "bad-input" / name / "project"
    docs = folder / "docs"
    if docs.exists():
        for old in docs.rglob("*.md"):
            old.unlink()
    for page, text in pages.items():
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(text, encoding="utf-8")
    for relative, text in (files or {}).items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).unlink(missing_ok=True)  # never write through a hard-linked copy
        (folder / relative).write_text(text, encoding="utf-8")
    # Only what these builds read, so that editing an unrelated example builds nothing again.
    for shared in ("overrides", "sitebuild", "i18n", "benchmarks", "snippets/notebooks"):
        link = folder / shared
        if link.is_symlink() and link.readlink() != ROOT / shared:  # a cache copied from a clone
            link.unlink()
        if not link.exists():
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(ROOT / shared)
    config = folder / "mkdocs.yml"
    config.unlink(missing_ok=True)  # never write through a hard-linked copy
    # No `watch`: its folders must exist, and a build never reads it (only mkdocs serve does).
    config.write_text(
        f"INHERIT: {CONFIG}\nnav: {nav}\nwatch: []\n",
        encoding="utf-8",
    )
    _, status, log = cached_build(
        config, folder.parent / "builds", {"DYNDOCS_BENCH": bench}, keep_failures=True
    )
    return status, log


def told_once(log: str, message: str) -> None:
    """The build stopped saying ``message`` once, with no traceback of its own."""
    assert log.count(message) == 1, f"{message!r} is not said once:\n{log[-3000:]}"
    assert "mkdocs/commands/build.py" not in log, f"a traceback of the build:\n{log[-3000:]}"


def three_languages(index: str, other: str = GOOD) -> dict[str, str]:
    pages = {}
    for locale in locales():
        pages[f"{locale}/index.md"] = index
        pages[f"{locale}/other.md"] = other
    return pages


def test_the_small_project_builds() -> None:
    status, log = build_project("good", three_languages(GOOD + "[other](other.md#section)\n"))
    assert status == 0, log[-3000:]


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("[gone](missing.md)", "missing.md"),
        ("[anchor](other.md#no-such-anchor)", "no-such-anchor"),
        ('```python\n--8<-- "snippets/no/such/file.py"\n```', "snippets/no/such/file.py"),
        (
            '```python\n--8<-- "snippets/notebooks/first-graph.py:no_such_section"\n```',
            "no_such_section",
        ),
    ],
    ids=["broken-link", "broken-anchor", "missing-snippet", "missing-section"],
)
def test_fault_fails_the_build(fault: str, expected: str) -> None:
    name = "fault-" + hashlib.sha256(fault.encode()).hexdigest()[:8]
    status, log = build_project(name, three_languages(GOOD + fault + "\n"))
    assert status != 0, f"the build passed despite {fault!r}"
    assert expected in log, f"the build log does not name {expected!r}:\n{log[-3000:]}"
    assert "index.md" in log, f"the build log does not name the page:\n{log[-3000:]}"


def test_failing_example_fails_the_build() -> None:
    fault = '```text\n--8<-- "run:examples/failing.py"\n```\n'
    example = {"examples/failing.py": "raise ValueError('this example is broken')\n"}
    status, log = build_project("failing-example", three_languages(GOOD + fault), files=example)
    assert status != 0
    assert "failing.py" in log and "this example is broken" in log, log[-3000:]
    told_once(log, "examples/failing.py exited with status 1")


def test_an_untranslated_comment_fails_the_build_naming_what_to_add() -> None:
    fault = '```python\n--8<-- "examples/untranslated.py"\n```\n'
    example = {"examples/untranslated.py": "x = 1\n# a comment no language has\n"}
    status, log = build_project("untranslated", three_languages(GOOD + fault), files=example)
    assert status != 0
    assert "examples/untranslated.py, line 2: 'a comment no language has'" in log, log[-3000:]
    assert "Add them to i18n/code.zh-hans.yml and i18n/code.zh-hant.yml" in log
    assert "zh-hans/index.md" in log, "the build log does not name the page"
    told_once(log, "a comment no language has: <translation>")


def test_a_contradicted_claim_fails_the_build() -> None:
    """Checked against the recorded results: a claim they contradict stops the build."""
    claim = "Tracing saves memory: {{bench no_grad.tiny_mlp.no_grad.saved_bytes > 0}}.\n"
    status, log = build_project("contradicted-claim", three_languages(GOOD + claim), "recorded")
    assert status != 0
    assert "index.md" in log and "no_grad.tiny_mlp.no_grad.saved_bytes > 0" in log, log[-3000:]
    told_once(log, "contradicted by the measurement")


def test_a_figure_directive_naming_a_missing_function_fails_the_build() -> None:
    fault = "<!-- graph: snippets/notebooks/first-graph.py:no_such_drawing | A caption -->\n"
    status, log = build_project("figure-directive", three_languages(GOOD + fault))
    assert status != 0
    assert "index.md" in log and "first-graph.py:no_such_drawing" in log, log[-3000:]
    told_once(log, "defines no function no_such_drawing")


def test_an_error_entry_whose_snippet_does_not_raise_fails_the_build() -> None:
    snippet = "snippets/errors/silent/backward_once.py"
    code = (
        "import torch\nfrom dyndocs.errors import raises\n\n"
        'with raises(RuntimeError, r"second time"):\n'
        "    torch.ones(2, requires_grad=True).sum().backward()\n"
    )
    fault = f"<!-- error: {snippet} -->\n"
    status, log = build_project("error-entry", three_languages(GOOD + fault), files={snippet: code})
    assert status != 0
    assert f"docs/en/index.md: <!-- error: {snippet} -->" in log, log[-3000:]
    assert "expected RuntimeError matching 'second time'; nothing was raised" in log, log[-3000:]


def test_page_missing_in_one_language_fails_the_build() -> None:
    pages = three_languages(GOOD)
    last = locales()[-1]
    del pages[f"{last}/other.md"]
    status, log = build_project("missing-page", pages)
    assert status != 0
    assert f"docs/{last}/other.md" in log, log[-3000:]


def test_a_nav_title_without_its_translations_fails_the_build() -> None:
    nav = "[{Home: index.md}, {An untranslated title: other.md}]"
    status, log = build_project("untranslated-nav", three_languages(GOOD), nav=nav)
    assert status != 0
    assert "nav_translations; missing: zh-hans: 'An untranslated title'" in log, log[-3000:]


def test_missing_section_is_named_with_page_and_line() -> None:
    text = '# Page\n\n```python\n--8<-- "snippets/notebooks/first-graph.py:nope"\n```\n'
    with pytest.raises(
        IncludeError,
        match=r'docs/en/page\.md, line 4 \(--8<-- "snippets/notebooks/first-graph\.py:nope"\)',
    ):
        expand(text, source="docs/en/page.md", config_file=CONFIG)


def test_a_bug_in_an_include_keeps_its_own_error_and_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only bad input becomes an IncludeError, which MkDocs prints without a traceback."""

    def broken(lines: list[str]) -> list[str]:
        raise TypeError("a bug in a preprocessor")

    markdown = includes._markdown(CONFIG.resolve(), "")  # the one expand() uses
    monkeypatch.setattr(markdown.preprocessors["snippet"], "run", broken)
    with pytest.raises(TypeError, match="a bug in a preprocessor"):
        expand(GOOD, source="docs/en/page.md", config_file=CONFIG)
