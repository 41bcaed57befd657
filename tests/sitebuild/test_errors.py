"""sitebuild.pages.errors: the heading is the message the snippet raised, or the build fails."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sitebuild.languages.strings import Strings
from sitebuild.pages import errors
from sitebuild.project import Project
from sitebuild.runs.runner import CodeRunner

SNIPPETS = {
    "raises_it.py": (
        "import torch\nfrom dyndocs.errors import raises\n\n"
        'with raises(RuntimeError, r"does not require grad"):\n'
        "    torch.ones(2).sum().backward()\n"
        'print("after the message")\n'
    ),
    "raises_nothing.py": (
        "import torch\nfrom dyndocs.errors import raises\n\n"
        'with raises(RuntimeError, r"does not require grad"):\n'
        "    torch.ones(2, requires_grad=True).sum().backward()\n"
    ),
    "other_message.py": (
        "import torch\nfrom dyndocs.errors import raises\n\n"
        'with raises(RuntimeError, r"second time"):\n'
        "    torch.ones(2).sum().backward()\n"
    ),
    "declares_nothing.py": 'print("RuntimeError: typed, not raised")\n',
}
Render = Callable[..., str]


@pytest.fixture
def render(tmp_path: Path, project: Project, runner: CodeRunner) -> Render:
    """Render a page of a tiny repository that holds SNIPPETS, with the real strings."""
    folder = tmp_path / "snippets" / "errors"
    folder.mkdir(parents=True)
    for name, code in SNIPPETS.items():
        (folder / name).write_text(code, encoding="utf-8")
    local = CodeRunner(tmp_path, tmp_path / "runs", zygotes=runner.zygotes)
    strings = Strings.load(project.i18n, project.locales)

    def render(name: str, locale: str = "en") -> str:
        page = f"# Page\n\n<!-- error: snippets/errors/{name} -->\n\nWhy.\n"
        text = lambda key, **values: strings.get(locale, key, **values)  # noqa: E731
        return errors.render(page, local, text, f"docs/{locale}/page.md")

    return render


def test_the_heading_is_the_first_line_printed_with_a_fixed_anchor(
    render: Render, project: Project
) -> None:
    import torch

    for locale in project.locales:
        page = render("raises_it.py", locale)
        heading = (
            "## RuntimeError: element 0 of tensors does not require grad and does not have a "
            "grad\\_fn {#raises-it .error-entry}"
        )
        assert heading in page, page
        assert "after the message" not in page
        assert torch.__version__ in page
        assert "<!-- error:" not in page


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("raises_nothing.py", "nothing was raised"),
        ("other_message.py", "no longer matches 'second time'; the message was:\nelement 0 of"),
        ("declares_nothing.py", "raises(), warns() or logs()"),
        ("missing.py", "no such snippet"),
    ],
)
def test_a_bad_entry_names_page_directive_and_snippet(
    render: Render, name: str, expected: str
) -> None:
    with pytest.raises(errors.ErrorEntryFailed) as caught:
        render(name)
    message = str(caught.value)
    assert message.startswith(f"docs/en/page.md: <!-- error: snippets/errors/{name} -->"), message
    assert expected in message and f"snippets/errors/{name}" in message.split("-->", 1)[1]


def test_a_directive_that_does_not_parse_is_named(render: Render) -> None:
    with pytest.raises(errors.ErrorEntryFailed, match="does not parse"):
        render("no spaces allowed.py")
