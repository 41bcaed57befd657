"""Code comments and docstrings in the page's language; the code itself unchanged.

A Chinese page shows the English snippets with comments and docstrings from
``i18n/code.<locale>.yml``, keyed by the English text, whitespace collapsed: a comment without its
``#``, or a docstring paragraph (of ``>>>`` examples, only the comments), so a comment used in
several snippets is translated once. :mod:`tokenize` finds them; every other token stays as it was
(:func:`code_tokens`). The API reference's docstrings use the same keys
(:mod:`sitebuild.pages.docstrings`).

Examples:
    >>> table = {"clear the gradients": "清零梯度"}
    >>> print(translate("x.grad = None  # clear the gradients\\n", table))
    x.grad = None  # 清零梯度
    <BLANKLINE>
    >>> code_tokens("x = 1  # one\\n") == code_tokens('x = 1  # 一\\n')
    True
"""

from __future__ import annotations

import ast
import inspect
import io
import re
import textwrap
import tokenize
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from markdown import Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError

from sitebuild.languages.strings import read_yaml
from sitebuild.pages.includes import include_target

KEPT = re.compile(r"#\s*(?:--8<--|noqa\b|type:|pragma\b|fmt:|doctest:|\(\d+\)!)")
"""Comments that tools read (section markers, linters' and doctest's pragmas): never translated."""

PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.)(?: |$)")
"""A line of code in a docstring's examples; the other lines are their output."""

Part = tuple[int, str | None, str]
"""``(line, key, text)`` of a paragraph; ``key`` is None for examples: their comments alone
are translated."""


class TranslationError(PluginError):
    """A comment or docstring of the code a page shows has no translation."""


@dataclass(frozen=True)
class Text:
    """A comment or docstring: where its token is, its source, and a :data:`Part` per paragraph."""

    start: tuple[int, int]
    end: tuple[int, int]
    source: str
    parts: tuple[Part, ...]

    @property
    def keys(self) -> list[str]:
        return [key for part in self.parts for _, key in part_keys(part)]


def key_of(text: str) -> str:
    """The key of an English comment or paragraph: its words, whitespace collapsed."""
    return " ".join(text.split())


def texts(source: str) -> list[Text]:
    """The comments and docstrings of ``source``, in order: a docstring is any statement that is
    a string literal alone (a module's, class's or function's, or an attribute's)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    significant = [t for t in tokens if t.type not in {tokenize.NL, tokenize.COMMENT}]
    starts = {tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    found = [
        Text(t.start, t.end, t.string, ((t.start[0], key_of(t.string[1:]), t.string),))
        for t in tokens
        if t.type == tokenize.COMMENT and not KEPT.match(t.string)
    ]
    for index, token in enumerate(significant):
        before = significant[index - 1].type if index else tokenize.NEWLINE
        after = significant[index + 1].type if index + 1 < len(significant) else tokenize.NEWLINE
        if token.type == tokenize.STRING and before in starts and after == tokenize.NEWLINE:
            parts = paragraphs(inspect.cleandoc(ast.literal_eval(token.string)), token.start[0])
            found.append(Text(token.start, token.end, token.string, parts))
    return sorted(found, key=lambda text: text.start)


def paragraphs(doc: str, line: int = 1) -> tuple[Part, ...]:
    """The paragraphs of a cleaned docstring whose first line is ``line`` of its file."""
    parts = []
    for paragraph in doc.split("\n\n"):
        parts.append((line, None if ">>>" in paragraph else key_of(paragraph), paragraph))
        line += paragraph.count("\n") + 2
    return tuple(parts)


def part_keys(part: Part) -> list[tuple[int, str]]:
    """``(line, key)`` for what a paragraph needs translated: itself, or its examples' comments."""
    line, key, text = part
    if key is not None:
        return [(line, key)]
    return [
        (line + number, key_of(comment.string[1:]))
        for number, row in enumerate(text.split("\n"))
        if PROMPT.match(row)
        for comment in _comments(row)
    ]


def translate_paragraph(part: Part, table: Mapping[str, str]) -> str:
    """One paragraph in the words of ``table``, indented as the English; in examples, the comments.

    Examples:
        >>> part = (1, None, ">>> square(3)  # three\\n9  # output, not code")
        >>> translate_paragraph(part, {"three": "三"})
        '>>> square(3)  # 三\\n9  # output, not code'

    Raises:
        KeyError: ``table`` lacks the paragraph or one of its comments.
    """
    _, key, text = part
    if key is None:
        rows = text.split("\n")
        return "\n".join(translate_line(row, table) if PROMPT.match(row) else row for row in rows)
    indent = text[: len(text) - len(text.lstrip())]
    return textwrap.indent(table[key], indent)


def code_tokens(source: str) -> list[tuple[int, str]]:
    """What a translation must leave as it was: every token but comments, docstrings and NLs."""
    docstrings = {text.start for text in texts(source)}
    return [
        (t.type, t.string)
        for t in tokenize.generate_tokens(io.StringIO(source).readline)
        if t.type not in {tokenize.COMMENT, tokenize.NL} and t.start not in docstrings
    ]


Code = tuple[tuple[int, str], ...]


def code_of(source: str, filename: str) -> Code:
    """``source``'s :func:`code_tokens` once it compiles: the key the languages' copies of a block
    share, as they run alike unless the code reads its own source, docstrings or line numbers.

    Raises:
        SyntaxError: ``source`` does not compile; the error names ``filename``.
    """
    compile(source, filename, "exec", dont_inherit=True)  # not this module's __future__ imports
    return tuple(code_tokens(source))


def missing(source: str, table: Mapping[str, str]) -> list[tuple[int, str]]:
    """``(line, key)`` for each comment or paragraph of ``source`` that ``table`` lacks."""
    return lacking([part for text in texts(source) for part in text.parts], table)


def lacking(parts: Iterable[Part], table: Mapping[str, str]) -> list[tuple[int, str]]:
    """``(line, key)`` for each of ``parts``, or of their examples' comments, ``table`` lacks."""
    return [(line, key) for part in parts for line, key in part_keys(part) if key not in table]


def translate(source: str, table: Mapping[str, str]) -> str:
    """``source`` with each comment and docstring in the words of ``table``.

    Raises:
        KeyError: ``table`` lacks one; :func:`missing` lists them all.
    """
    lines = source.split("\n")
    for text in reversed(texts(source)):
        (row, col), (end_row, end_col) = text.start, text.end
        whole = lines[row - 1][:col] + _render(text, table) + lines[end_row - 1][end_col:]
        lines[row - 1 : end_row] = whole.split("\n")
    return "\n".join(lines)


def translate_line(line: str, table: Mapping[str, str]) -> str:
    """One line of code with its comment in the words of ``table``, for the stepper: a line of a
    statement spanning several cannot go through :func:`translate`.

    Examples:
        >>> translate_line("x.grad = None  # clear the gradients", {"clear the gradients": "清零"})
        'x.grad = None  # 清零'
    """
    for token in reversed(_comments(line)):
        (_, start), (_, end) = token.start, token.end
        line = f"{line[:start]}# {table[key_of(token.string[1:])]}{line[end:]}"
    return line


def without_comment(line: str) -> str:
    """One line of code without its comment, for the stepper's steps, which quote the statement.

    Examples:
        >>> without_comment("x.grad = None  # clear the gradients")
        'x.grad = None'
    """
    found = _comments(line, kept=True)
    return line[: found[0].start[1]].rstrip() if found else line


def _comments(line: str, kept: bool = False) -> list[tokenize.TokenInfo]:
    """The comments of one line of code that are translated; with ``kept``, the others too."""
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(line).readline):
            if token.type == tokenize.COMMENT and (kept or not KEPT.match(token.string)):
                found.append(token)
    except tokenize.TokenError:  # the line ends inside a bracket: any comment came before that
        pass
    return found


def _render(text: Text, table: Mapping[str, str]) -> str:
    words = [translate_paragraph(part, table) for part in text.parts]
    if text.source.startswith("#"):
        return f"# {words[0]}"
    quote = re.match(r"[a-zA-Z]*('''|\"\"\"|'|\")", text.source)
    assert quote is not None  # a string token opens with its prefix and quote
    pad = " " * text.start[1]
    lines = "\n\n".join(words).split("\n")
    body = "\n".join(pad + line if line and n else line for n, line in enumerate(lines))
    closing = "\n" + pad if re.search(r"\n[ \t]*" + re.escape(quote[1]) + "$", text.source) else ""
    return f"{quote[0]}{body}{closing}{quote[1]}"


def load(folder: Path, locale: str) -> dict[str, str]:
    """The translations of ``locale``, from ``folder/code.<locale>.yml``; none if it is absent."""
    path = folder / f"code.{locale}.yml"
    return dict(_read(path, path.stat().st_mtime_ns)) if path.is_file() else {}


@lru_cache(maxsize=8)
def _read(path: Path, mtime_ns: int) -> tuple[tuple[str, str], ...]:
    """Read once per version: MkDocs makes a Markdown converter, so a preprocessor, per page."""
    return tuple((key_of(k), v) for k, v in (read_yaml(path) or {}).items())


def what_to_add(lacking: list[tuple[str, str]], root: Path, locale: str) -> str:
    """The error for the ``(where, key)`` that ``locale`` lacks: which, and what to add to each
    ``i18n/code.*.yml`` that lacks any."""
    keys = {key for _, key in lacking}
    folder = root / "i18n"
    files = [
        str(path.relative_to(root))
        for path in sorted(folder.glob("code.*.yml"))
        if not keys <= load(folder, path.name.removeprefix("code.").removesuffix(".yml")).keys()
    ]
    found = "\n".join(f"{where}: {key!r}" for where, key in lacking)
    entries = yaml.safe_dump(
        {key: "<translation>" for _, key in lacking}, allow_unicode=True, width=1000
    )
    return (
        f"no {locale} translation of these comments or docstring paragraphs:\n{found}\n"
        f"Add them to {' and '.join(files)}, the English text as key:\n{entries}"
    )


class CommentPreprocessor(Preprocessor):
    """Expand each code include with pymdownx.snippets and translate its comments, so the page,
    its copy button, its notebook and the tests that read them get the translated code."""

    def __init__(self, md: Markdown, root: Path, locale: str) -> None:
        super().__init__(md)
        self.root = root
        self.locale = locale
        self.table = load(root / "i18n", locale) if locale else {}

    def run(self, lines: list[str]) -> list[str]:
        if not self.table:  # the English pages, whose comments are the keys
            return lines
        expanded: list[str] = []
        for line in lines:
            path = (include_target(line) or "").split(":")[0]
            if not path.endswith(".py"):
                expanded.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip())]
            code = "\n".join(self.md.preprocessors["snippet"].run([line.lstrip()]))
            if lacking := missing(code, self.table):
                whole = missing((self.root / path).read_text(encoding="utf-8"), self.table)
                in_file = {key: number for number, key in reversed(whole)}
                where = [(f"{path}, line {in_file.get(key, n)}", key) for n, key in lacking]
                raise TranslationError(what_to_add(where, self.root, self.locale))
            translated = translate(code, self.table).split("\n")
            expanded.extend(indent + out if out else out for out in translated)
        return expanded
