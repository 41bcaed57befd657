"""Every article page as a notebook, in the page's language, written with nbformat.

Cells follow the page: prose becomes Markdown (links made absolute, admonitions quotes, heading
ids dropped, claims already replaced by their figures), each code block a code cell with the output
the build captured, each drawing a cell that draws it again (``show(graphs())``), each results
table a Markdown table, and each benchmark table a link to the page, where the live figures are. A
first cell installs ``dyndocs`` where it is missing, from the repository ``mkdocs.yml`` names.

Nothing is dropped silently: a directive that does not parse, an output block without code before
it, or a page with nothing to put in a notebook fails, naming the page; a cell that raises fails,
naming the notebook and the cell. Not jupytext: these MkDocs pages (admonitions, includes,
directives, output blocks) need the site's context to convert.

Examples:
    >>> url = "https://x.io/zh-hans/concepts/control-flow/"
    >>> absolute_links("[b](../tips/performance.md#batching), [p](debugging-with-pdb.md)", url)
    '[b](https://x.io/zh-hans/tips/performance/#batching), [p](https://x.io/zh-hans/concepts/debugging-with-pdb/)'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from urllib.parse import urljoin

import nbformat
from mkdocs.exceptions import PluginError
from nbformat import NotebookNode

from sitebuild.bench.render import MARKER
from sitebuild.pages import comments
from sitebuild.pages.comments import Code, translate
from sitebuild.pages.figures import DIRECTIVE, FAILURES, Figures, failed
from sitebuild.runs.runner import CodeRunner, RunFailed

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>`{3,}|~{3,})(?P<info>[^`]*)$")
TITLE = re.compile(r'title="(?P<title>[^"]+)"')  # in a fence's info string
ADMONITION = re.compile(r'^(?:!!!|\?\?\?\+?)\s*\w+(?:\s+"(?P<title>[^"]*)")?\s*$')
HEADING_ID = re.compile(r"\s*\{#[^{}]*\}\s*$")  # {#id}, or {#id .class} (attr_list)
LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


@dataclass(frozen=True)
class Fence:
    """A fenced block: its body without the fence's indent, and the index of the line after it
    (``len(lines)`` when it never closes)."""

    info: str
    body: str
    end: int
    closed: bool


def fence_at(lines: list[str], start: int) -> Fence | None:
    """The fenced block that opens at ``lines[start]``; None if none opens there.

    Examples:
        >>> fence_at(["  ```py title='a'", "  x = 1", "  ````", "after"], 0)
        Fence(info="py title='a'", body='x = 1', end=3, closed=True)
    """
    match = FENCE.match(lines[start])
    if match is None:
        return None
    indent, marker = match["indent"], match["marker"]
    end = start + 1
    # As in CommonMark, a line of the fence's character at least as long closes it.
    while end < len(lines) and not (
        lines[end].strip().startswith(marker) and not lines[end].strip().strip(marker[0])
    ):
        end += 1
    body = "\n".join(line.removeprefix(indent) for line in lines[start + 1 : end])
    closed = end < len(lines)
    return Fence(match["info"].strip(), body, end + closed, closed)


def fences(text: str) -> Iterator[Fence]:
    """Every fenced block of ``text``, in order; an unclosed one runs to the end."""
    lines, index = text.split("\n"), 0
    while index < len(lines):
        if fence := fence_at(lines, index):
            yield fence
        index = fence.end if fence else index + 1


class NotebookFailed(PluginError):
    """A page cannot become a whole notebook, or one of its cells raised."""


@dataclass
class NotebookContext:
    """What converting one page needs to know about the site."""

    page: str
    """The page's source, as errors name it: ``docs/zh-hans/concepts/control-flow.md``."""
    page_url: str
    """The page's absolute URL."""
    locale: str
    repo_url: str | None
    """Where ``dyndocs`` is installed from, as ``mkdocs.yml`` names it (or not)."""
    figures: Figures
    """Draws the page's figures; its strings give the words and every language's output title."""


def absolute_links(markdown: str, page_url: str) -> str:
    """Links to other pages of the site, made absolute: a notebook lives outside the site."""

    def replace(match: re.Match[str]) -> str:
        target = match["target"]
        if re.match(r"^[a-z]+:|^#", target):
            return match[0]
        path, _, anchor = target.partition("#")
        if path.endswith(".md"):
            path = path.removesuffix("index.md").removesuffix(".md")
            path = path + "/" if path and not path.endswith("/") else path
        # Links are relative to the page's file; a page (not an index) is served a folder deeper.
        url = urljoin(page_url, "../" + path) + (f"#{anchor}" if anchor else "")
        return f"[{match['text']}]({url})"

    return LINK.sub(replace, markdown)


def setup_cell(repo_url: str | None) -> str:
    """The first cell: installs ``dyndocs`` from ``repo_url`` where it is missing, e.g. in Colab."""
    if repo_url:
        install = f"dyndocs @ git+{repo_url.rstrip('/')}"
        action = (
            "    subprocess.check_call(\n"
            f'        [sys.executable, "-m", "pip", "install", "--quiet", "{install}"]\n'
            "    )\n"
        )
    else:
        message = "Install dyndocs first: pip install . in the guide's repository"
        action = f"    raise SystemExit({message!r})\n"
    return (
        "# The guide's models and helpers (dyndocs), installed where they are missing.\n"
        "import importlib.util\n"
        "import subprocess\n"
        "import sys\n\n"
        'if importlib.util.find_spec("dyndocs") is None:\n' + action
    )


def convert(markdown: str, context: NotebookContext) -> NotebookNode:
    """The notebook of one page. ``markdown`` has its includes expanded and claims replaced."""
    cells: list[NotebookNode] = []
    prose: list[str] = []
    t = partial(context.figures.strings.get, context.locale)

    def flush() -> None:
        text = "\n".join(prose).strip()
        prose.clear()
        if text:
            cells.append(nbformat.v4.new_markdown_cell(absolute_links(text, context.page_url)))

    lines = markdown.split("\n")
    title = next((line for line in lines if line.startswith("# ")), None)
    if title is None:
        raise NotebookFailed(f"{context.page}: the page has no title")
    cells.append(
        nbformat.v4.new_markdown_cell(f"{title}\n\n{t('notebook.generated', url=context.page_url)}")
    )
    setup = setup_cell(context.repo_url)
    table = comments.load(context.figures.runner.root / "i18n", context.locale)  # none in English
    cells.append(nbformat.v4.new_code_cell(translate(setup, table) if table else setup))
    strings = context.figures.strings  # an output block is titled in any language
    output_titles = {strings.get(locale, "notebook.output") for locale in strings.by_locale}
    index = lines.index(title) + 1
    quoting = False
    while index < len(lines):
        line = lines[index]
        # An indented fence belongs to the admonition or list item around it.
        fence = None if line[:1].isspace() else fence_at(lines, index)
        if quoting and line.strip() and not line.startswith("    "):
            quoting = False
            prose.append("")  # a blank line ends the quote, or the next line would continue it
        if fence:
            if not fence.closed:
                raise NotebookFailed(f"{context.page}: a fence at line {index + 1} never closes")
            body, info, index = fence.body, fence.info, fence.end
            language = info.split()[0] if info else ""
            output_title = TITLE.search(info)
            if language in {"python", "py"}:
                flush()
                cells.append(nbformat.v4.new_code_cell(body))
            elif language == "text" and output_title and output_title[1] in output_titles:
                page_code = len(cells) > 2 and cells[-1].cell_type == "code"
                if not page_code or cells[-1].outputs:
                    raise NotebookFailed(f"{context.page}: an output block with no code before it")
                stream = nbformat.v4.new_output("stream", name="stdout", text=body + "\n")
                cells[-1].outputs.append(stream)
            else:
                prose += [line, *body.split("\n"), lines[index - 1]]
            continue
        if directive := DIRECTIVE.match(line):
            flush()
            try:
                cells += _figure_cells(directive, context)
            except FAILURES as error:
                raise NotebookFailed(failed(context.page, directive, error)) from error
        elif MARKER.match(line):
            prose.append(t("notebook.benchmark", url=context.page_url))
        elif admonition := ADMONITION.match(line.strip()):
            heading = admonition["title"]
            prose.append(f"> **{heading}**" if heading else ">")
            quoting = True
        elif quoting:
            prose.append("> " + line.removeprefix("    ") if line.strip() else ">")
        elif line.lstrip().startswith("<!--"):
            if re.match(r"<!--\s*(?:graph|table|steps|bench)\s*:", line.strip()):
                raise NotebookFailed(f"{context.page}: a directive that does not parse: {line}")
            if not COMMENT.fullmatch(line.strip()):
                raise NotebookFailed(f"{context.page}: a comment that does not close on its line")
        else:
            prose.append(HEADING_ID.sub("", line) if line.startswith("#") else line)
        index += 1
    flush()
    if len(cells) <= 2:  # the title and the set-up cell alone
        raise NotebookFailed(f"{context.page}: the notebook would be empty")
    for number, cell in enumerate(cells):
        # nbformat draws cell ids at random; ids from the content make the same page give the
        # same notebook, so the published notebooks change only when their pages do.
        cell.id = hashlib.sha256(f"{number}\0{cell.source}".encode()).hexdigest()[:8]
    notebook = nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
    )
    nbformat.validate(notebook)
    return notebook


def _figure_cells(directive: re.Match[str], context: NotebookContext) -> list[NotebookNode]:
    data = context.figures.data(directive["kind"], directive["path"], directive["function"])
    caption = nbformat.v4.new_markdown_cell(directive["caption"])
    if directive["kind"] == "table":
        table = context.figures.table_markdown(data, context.locale)
        return [nbformat.v4.new_markdown_cell(table), caption]
    if directive["kind"] == "steps":  # the same steps, as the list of frames, in the language
        cell = nbformat.v4.new_code_cell(f"print({directive['function']}())")
        cell.metadata["dyndocs"] = {"figure": True}
        text = context.figures.steps_text(data, context.locale) + "\n"
        cell.outputs.append(nbformat.v4.new_output("stream", name="stdout", text=text))
        return [cell, caption]
    drawing = context.figures.drawing_html(data, context.locale)
    cell = nbformat.v4.new_code_cell(
        f"from dyndocs.graph import show\n\nshow({directive['function']}())"
    )
    cell.outputs.append(
        nbformat.v4.new_output("execute_result", data={"text/html": drawing}, execution_count=None)
    )
    return [cell, caption]


def check_cells(
    notebook: NotebookNode, runner: CodeRunner, name: str, ran: dict[Code, str]
) -> None:
    """Compile every code cell, and run each that stands alone (all but the setup and figure
    cells) once per code: ``ran`` maps each :func:`comments.code_of`, over every language's
    notebook, to the source that ran, so a translated cell reuses the first language's run, which
    the runner has kept.

    Raises:
        NotebookFailed: A cell does not compile or raised; the message names the notebook and
            the cell.
    """
    for number, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "code":
            continue
        where = f"{name}, cell {number}"
        try:
            code = comments.code_of(cell.source, where)
        except SyntaxError as error:
            raise NotebookFailed(f"{name}: cell {number} does not compile: {error}") from error
        figure = cell.get("metadata", {}).get("dyndocs", {}).get("figure", False)
        if number == 2 or "show(" in cell.source or figure:
            continue
        source = ran.setdefault(code, cell.source)
        try:
            runner.run(source, name=where)
        except RunFailed as error:
            raise NotebookFailed(f"{name}: cell {number} raised: {error}") from error


def colab_url(repo_url: str, branch: str, path: str) -> str:
    """Where Colab opens a notebook of a GitHub repository's ``branch``.

    Examples:
        >>> colab_url("https://github.com/owner/guide", "notebooks", "zh-hans/tips/a/a.ipynb")
        'https://colab.research.google.com/github/owner/guide/blob/notebooks/zh-hans/tips/a/a.ipynb'
    """
    match = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?", repo_url)
    if match is None:
        raise ValueError(f"repo_url {repo_url!r}: Colab opens notebooks from GitHub repositories")
    return f"https://colab.research.google.com/github/{match[1]}/{match[2]}/blob/{branch}/{path}"


def links_html(download: str, colab: str | None, text: Callable[..., str]) -> str:
    """The links an article page shows under its title; search leaves them out, or every result
    for the page would begin with them."""
    links = [f'<a href="{download}" download>{text("notebook.download")}</a>']
    if colab:
        links.append(f'<a href="{colab}">{text("notebook.colab")}</a>')
    return '<p class="notebook-links" data-search-exclude>' + " · ".join(links) + "</p>"
