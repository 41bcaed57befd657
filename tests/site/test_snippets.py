"""Every snippet file runs as a script, and every snippet is shown on some page.

Runs go through the same :class:`~sitebuild.runs.runner.CodeRunner` as the build's output blocks, so
each snippet runs once for its content, whichever asks first.
"""

from __future__ import annotations

import ast
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from sitebuild.pages.errors import DIRECTIVE as ERROR_DIRECTIVE
from sitebuild.pages.errors import anchor as error_anchor
from sitebuild.pages.figures import DIRECTIVE as FIGURE_DIRECTIVE
from sitebuild.pages.outputs import shown_snippets
from sitebuild.runs.runner import CodeRunner

from ..support import ROOT, docs, locales, pages, project
from .test_parity import include_targets

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


# -- the errors atlas and the other pages share their snippets and link to each other ----------


@dataclass(frozen=True)
class Entry:
    """An entry of the errors atlas: where it is, its snippet, and what its message looks like."""

    page: str  # from a language's docs folder: "errors/no-graph.md"
    snippet: str
    kind: str  # the message's type, its last dotted name: "RuntimeError", "UserWarning"
    pattern: str  # what the snippet's raises(), warns() or logs() matches

    @property
    def link(self) -> str:
        return f"{self.page}#{error_anchor(self.snippet)}"

    def raised_in(self, output: str) -> bool:
        """Whether ``output`` shows this entry's message: ``Type: message`` and the indented
        lines that go on with it."""
        messages = re.finditer(rf"\b{re.escape(self.kind)}: (.*(?:\n[ \t].*)*)", output)
        return any(re.search(self.pattern, message[1]) for message in messages)


def declared_pattern(path: str) -> str:
    """The pattern of the first raises(), warns() or logs() of the snippet at ``path``."""
    calls = [
        node
        for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", "")) in {"raises", "warns", "logs"}
    ]
    first = min(calls, key=lambda call: (call.lineno, call.col_offset))
    return ast.literal_eval(first.args[1])


def shown_on(text: str) -> set[str]:
    """The files a page includes (code or output) or draws a figure of."""
    included = {target.removeprefix("run:").split(":")[0] for target in include_targets(text)}
    return included | {m[1] for m in FIGURE_DIRECTIVE.findall(text)}


LINK = re.compile(r"\]\(([\w./-]+\.md(?:#[\w-]+)?)\)")


def links(page: str, text: str) -> set[str]:
    """The page's links to other pages, from the docs folder: ``errors/no-graph.md#cast-leaf``."""
    folder = posixpath.dirname(page)
    return {posixpath.normpath(posixpath.join(folder, m[1])) for m in LINK.finditer(text)}


def entry_text(page_text: str, snippet: str) -> str:
    """An atlas page's text from the entry's directive to the next entry or heading."""
    start = next(m for m in ERROR_DIRECTIVE.finditer(page_text) if m["path"] == snippet).end()
    end = re.search(r"^#{1,2} |^<!--\s*error:", page_text[start:], re.MULTILINE)
    return page_text[start : start + end.start() if end else None]


def atlas_pages() -> dict[str, str]:
    """The text of each page of the atlas in the default language, by its path from the docs."""
    found = sorted(p for p in pages(locales()[0]) if p.parts[0] == "errors")
    return {p.as_posix(): (docs(locales()[0]) / p).read_text(encoding="utf-8") for p in found}


@pytest.fixture(scope="module")
def atlas(runner: CodeRunner) -> list[Entry]:
    entries = []
    for page, text in atlas_pages().items():
        for path in ERROR_DIRECTIVE.findall(text):
            first = runner.run_file(ROOT / path).stdout.split("\n", 1)[0]
            kind = first.split(": ", 1)[0].rsplit(".", 1)[-1]
            entries.append(Entry(page, path, kind, declared_pattern(path)))
    return entries


@pytest.fixture(scope="module")
def raising(runner: CodeRunner, atlas: list[Entry]) -> dict[str, list[Entry]]:
    """Each snippet file that shows the message of an atlas entry, with the entries it matches."""
    found = {}
    for snippet in SNIPPETS:
        output = runner.run_file(snippet).stdout
        if matched := [entry for entry in atlas if entry.raised_in(output)]:
            found[str(snippet.relative_to(ROOT))] = matched
    return found


def test_an_atlas_error_is_raised_by_its_entry_s_snippet_alone(
    atlas: list[Entry], raising: dict[str, list[Entry]]
) -> None:
    """Where a page shows an error of the atlas, the entry's page shows the same file: one snippet
    raises it for both, not a copy each."""
    unmatched = [entry.snippet for entry in atlas if entry not in raising.get(entry.snippet, [])]
    assert not unmatched, f"entries whose own message the check does not recognise: {unmatched}"
    shown = {page: shown_on(text) for page, text in atlas_pages().items()}
    copies = [
        f"{snippet} prints the error of the atlas entry "
        f"{' or '.join(f'{e.link} ({e.snippet})' for e in entries)}, whose page does not show "
        f"{snippet}. One snippet shows an error everywhere: where {snippet} is shown, show the "
        f"entry's snippet instead, or include {snippet} and its run: output in the entry, in "
        "every language"
        for snippet, entries in raising.items()
        if not any(snippet in shown[entry.page] for entry in entries)
    ]
    assert not copies, "\n".join(copies)


def test_a_page_that_shows_an_atlas_error_and_its_entry_link_to_each_other(
    raising: dict[str, list[Entry]],
) -> None:
    missing = []
    for locale in locales():
        for page in (p.as_posix() for p in pages(locale) if p.parts[0] != "errors"):
            text = (docs(locale) / page).read_text(encoding="utf-8")
            for snippet in sorted(shown_on(text) & raising.keys()):
                entries = raising[snippet]
                linked = [entry for entry in entries if entry.link in links(page, text)]
                if not linked:
                    missing.append(
                        f"docs/{locale}/{page} shows {snippet}, which raises the error of "
                        f"{entries[0].link}, and does not link to that entry"
                    )
                for entry in linked:
                    atlas = (docs(locale) / entry.page).read_text(encoding="utf-8")
                    back = links(entry.page, entry_text(atlas, entry.snippet))
                    if page not in {link.split("#")[0] for link in back}:
                        missing.append(
                            f"docs/{locale}/{entry.link} does not link back to {page}, which "
                            f"shows its error ({snippet}): link to it in the entry's text, after "
                            f"<!-- error: {entry.snippet} --> and before the next entry or heading"
                        )
    assert not missing, "\n".join(missing)
