"""The stepper figure: a run's steps (`dyndocs.graph.steps`) over one drawing of its final graph.

Readable without JavaScript: the drawing shows the whole graph, and an ordered list says what each
step did, in the page's language, with the line of code that ran it. Each item carries the ids the
drawing shows at that step; ``stepper.js``, inlined once per page with ``stepper.css``, turns the
figure into buttons, a slider and a live region.

Examples:
    >>> from dyndocs.graph.model import Frame, Graph, Node, Steps
    >>> run = Steps(Graph([Node("n0", "SumBackward0", "op")], []),
    ...             [Frame("added", ("n0",), ("n0",), line=3, code="y = x.sum()  # a sum")])
    >>> words = {"stepper.frame": "{phase}, line {line}, {code}: {what}",
    ...          "stepper.forward": "Forward", "punctuation.list": ", ",
    ...          "stepper.added": "{nodes} joined the graph."}
    >>> print(frame_items(run, lambda key, **values: words[key].format(**values)))
    <li data-visible="n0" data-nodes="n0" data-freed="" data-grads="" data-line=":3">Forward, \
line 3, <code>y = x.sum()</code>: SumBackward0 joined the graph.</li>
    >>> print(frame_lines(run, lambda key, **values: words[key].format(**values)))
    1. Forward, line 3, `y = x.sum()`: SumBackward0 joined the graph.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from dyndocs.graph.model import Frame, Steps
from sitebuild.pages import comments

HERE = Path(__file__).parent


@lru_cache(maxsize=1)
def assets() -> str:
    """The script and the style every page with a stepper carries once (same origin, inline)."""
    script = (HERE / "stepper.js").read_text(encoding="utf-8")
    style = (HERE / "stepper.css").read_text(encoding="utf-8")
    # Each on lines of its own: a notebook's Markdown (CommonMark) ends a raw <style> or
    # <script> block at the line that closes it.
    return f"<style>{style.strip()}</style>\n<script>{script.strip()}</script>"


def said(run: Steps, frame: Frame, t: Callable[..., str]) -> str:
    """What ``frame`` did, in words, with ``\\0`` where its statement goes."""
    names = t("punctuation.list").join(run.graph.node(i).label for i in frame.nodes)
    what = t(f"stepper.{frame.what}", nodes=names)
    # A line of another file names it: Chinese puts the file before the line, English after.
    key = "stepper.frame_elsewhere" if frame.file else "stepper.frame"
    # zero_grad() is neither pass: its step is named for what it does.
    phase = t("stepper.clearing" if frame.what == "grad_cleared" else f"stepper.{frame.phase}")
    return t(key, phase=phase, line=frame.line, file=frame.file, code="\0", what=what)


def frame_items(run: Steps, t: Callable[..., str]) -> str:
    """One ``<li>`` per frame: what it did, in words, with the data the script shows it from."""
    items = []
    for frame in run.frames:
        # The step quotes the statement; its comment stays in the code panel (code_lines).
        code = f"<code>{html.escape(comments.without_comment(frame.code))}</code>"
        data = {k: " ".join(getattr(frame, k)) for k in ("visible", "nodes", "freed", "grads")}
        data["line"] = f"{frame.file}:{frame.line}"
        attributes = "".join(f' data-{k}="{html.escape(v)}"' for k, v in data.items())
        text = html.escape(said(run, frame, t)).replace(chr(0), code)
        items.append(f"<li{attributes}>{text}</li>")
    return "".join(items)


def frame_lines(run: Steps, t: Callable[..., str]) -> str:
    """The frames as the numbered list a notebook cell prints, in ``t``'s words."""
    return "\n".join(
        f"{number}. "
        + said(run, frame, t).replace(chr(0), f"`{comments.without_comment(frame.code)}`")
        for number, frame in enumerate(run.frames, start=1)
    )


def in_section(run: Steps, source: str) -> Steps:
    """``run`` with its own file's lines counted from the snippet section of ``source`` that holds
    them all, as the page's block and the notebook's cell number them (if one section does)."""
    own = [frame.line for frame in run.frames if not frame.file]
    markers = [
        (number, match[1])  # pymdownx.snippets' section markers
        for number, line in enumerate(source.splitlines(), start=1)
        if (match := re.match(r"\s*# --8<-- \[(start|end):[\w-]+\]\s*$", line))
    ]
    for (start, edge), (end, closing) in itertools.pairwise(markers):
        if own and edge == "start" and closing == "end" and start < min(own) <= max(own) < end:
            frames = [f if f.file else replace(f, line=f.line - start) for f in run.frames]
            return replace(run, frames=frames)
    return run


def figure(
    run: Steps, svg: str, caption: str, t: Callable[..., str], code_of: Callable[[str], str]
) -> str:
    """The stepper figure of ``run``, drawn as ``svg`` (its nodes' classes name their ids), with
    each line that ran a step once, as ``code_of`` gives it: the script marks the current one."""
    spans = ""
    for (file, line), code in sorted({(f.file, f.line): f.code for f in run.frames}.items()):
        where = f"{file}:{line}" if file else str(line)
        text = html.escape(f"{where:>4}  {code_of(code)}")
        spans += f'<span data-line="{html.escape(file)}:{line}">{text}</span>'
    words = ("previous", "next", "slider", "count")
    data = "".join(f' data-{k}="{html.escape(t(f"stepper.{k}"))}"' for k in words)
    kinds = [t(f"graph.legend.{kind}") for kind in ("op", "leaf", "saved")]
    legend = t("punctuation.separator").join([*kinds, t("stepper.legend")])
    return (
        f'<figure class="graph-figure stepper"{data}>'
        # Material's index skips an excluded element up to its first end tag of the same kind:
        # each part is excluded on its own.
        '<div class="stepper-body">'
        f'<div class="graph-scroll" tabindex="0" data-search-exclude>{svg}</div>'
        f'<pre class="stepper-code" data-search-exclude><code>{spans}</code></pre></div>'
        f'<ol class="stepper-frames" data-search-exclude>{frame_items(run, t)}</ol>'
        f"<figcaption>{html.escape(caption)}<br>"
        f'<small class="graph-legend" data-search-exclude>{html.escape(legend)}</small>'
        "</figcaption></figure>"
    )
