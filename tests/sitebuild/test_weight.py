"""sitebuild.weight: what a page leaves out, and what it must keep."""

from __future__ import annotations

from sitebuild.weight import unwrap_plain_tokens


def test_names_spaces_punctuation_and_operators_become_text_and_other_tokens_stay() -> None:
    code = (
        '<pre><code><span class="n">model</span><span class="w"> </span>'
        '<span class="o">=</span><span class="w"> </span><span class="n">nn</span>'
        '<span class="o">.</span><span class="n">Linear</span><span class="p">(</span>'
        '<span class="mi">4</span><span class="p">)</span> '
        '<span class="ow">in</span><span class="w"> </span><span class="k">if</span>\n</code></pre>'
    )
    plain = unwrap_plain_tokens(code)
    assert plain == (
        '<pre><code>model = nn.Linear(<span class="mi">4</span>) '
        '<span class="ow">in</span> <span class="k">if</span>\n</code></pre>'
    )


def test_spans_outside_code_blocks_are_left_alone() -> None:
    prose = '<p><span class="n">n</span> samples</p><pre><span class="n">x</span></pre>'
    assert unwrap_plain_tokens(prose) == '<p><span class="n">n</span> samples</p><pre>x</pre>'


def test_a_token_holding_markup_is_not_unwrapped() -> None:
    nested = '<pre><span class="n"><a href="#x">x</a></span></pre>'
    assert unwrap_plain_tokens(nested) == nested
