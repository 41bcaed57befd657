"""sitebuild.pages.console: every line of a console example without a prompt is output."""

from __future__ import annotations

from sitebuild.pages.console import mark_output

EXAMPLE = (
    '<div class="language-pycon highlight"><pre><span></span><code>'
    '<span class="gp">&gt;&gt;&gt; </span><span class="k">for</span> i <span class="ow">in</span>'
    ' <span class="nb">range</span>(2):\n'
    '<span class="gp">... </span>    <span class="nb">print</span>(i)\n'
    '<span class="go">0</span>\n'
    "1\n"
    "</code></pre></div>"
)


def test_prompt_lines_stay_and_the_rest_is_output() -> None:
    lines = mark_output(EXAMPLE).split("<code>")[1].split("\n")
    assert lines[0].startswith('<span class="gp">&gt;&gt;&gt; </span>')
    assert lines[1].startswith('<span class="gp">... </span>')
    assert lines[2] == '<span class="go">0</span>'
    assert lines[3] == '<span class="go">1</span>'
    assert lines[4] == "</code></pre></div>"


def test_other_code_blocks_are_left_alone() -> None:
    python = EXAMPLE.replace("language-pycon", "language-python")
    assert mark_output(python) == python
    assert mark_output(EXAMPLE + python).endswith(python)


def test_marking_twice_changes_nothing_more() -> None:
    once = mark_output(EXAMPLE)
    assert mark_output(once) == once
