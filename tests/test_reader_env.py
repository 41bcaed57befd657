from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from . import reader_env

README = (
    "# Guide\n\n## Run the examples\n\n"
    "```bash\nexamples-env/bin/pip install torch==2.13.0 . ipykernel\n```\n"
)


def project(root: Path, readme: str = README) -> Path:
    (root / "dyndocs").mkdir(parents=True)
    (root / "dyndocs" / "__init__.py").write_text('"""The readers\' package."""\n')
    (root / "pyproject.toml").write_text('[project]\nname = "dyndocs"\n')
    (root / "README.md").write_text(readme)
    return root


def test_the_install_line_is_the_readmes(tmp_path: Path) -> None:
    assert reader_env.readme_install(project(tmp_path)) == "torch==2.13.0 . ipykernel"
    assert " . " in f" {reader_env.readme_install()} ", "the repository's README installs dyndocs"


def test_a_readme_without_the_install_line_is_named(tmp_path: Path) -> None:
    root = project(tmp_path, readme="# Guide\n\n## Run the examples\n\nNothing here.\n")
    with pytest.raises(LookupError, match=r"README\.md, ## Run the examples"):
        reader_env.readme_install(root)


@pytest.mark.parametrize(
    "change",
    [
        lambda root: (root / "dyndocs" / "__init__.py").write_text("X = 1\n"),
        lambda root: (root / "pyproject.toml").write_text('[project]\nname = "other"\n'),
        lambda root: (root / "README.md").write_text(README.replace("ipykernel", "jupyter")),
    ],
    ids=["dyndocs-source", "pyproject", "install-line"],
)
def test_the_key_covers_what_the_venv_is_made_from(tmp_path: Path, change) -> None:  # type: ignore[no-untyped-def]
    root = project(tmp_path)
    before = reader_env.key(root)
    change(root)
    assert reader_env.key(root) != before


def test_a_ready_venv_is_not_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path)
    ready = root / ".cache" / "reader-env" / reader_env.key(root)
    ready.mkdir(parents=True)
    (ready / "ready").write_text("")

    def no_run(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError(f"ran {args[0]}")

    monkeypatch.setattr(subprocess, "run", no_run)
    assert reader_env.make(root) == ready


def test_a_failed_step_is_named_and_leaves_no_ready_venv(tmp_path: Path) -> None:
    root = project(tmp_path)
    stale = root / ".cache" / "reader-env" / "0123456789abcdef"
    stale.mkdir(parents=True)
    with pytest.raises(RuntimeError, match=r"the reader's venv: false -m venv .* failed"):
        reader_env.make(root, python="false")
    assert not stale.exists(), "an older key's venv is removed before a new one is made"
    assert not list((root / ".cache" / "reader-env").glob("*/ready"))


def test_make_test_makes_it_once_the_projects_venv_has_uv() -> None:
    makefile = (reader_env.ROOT / "Makefile").read_text()
    assert "reader-env: $(STAMP)\n\t@$(BIN)/python -m tests.reader_env" in makefile
    test_recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "$(STAMP) reader-env" in test_recipe


@pytest.mark.parametrize("module", [reader_env.installer, reader_env], ids=["installer", "maker"])
def test_the_key_covers_the_code_that_makes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: object
) -> None:
    root = project(tmp_path / "project")
    before = reader_env.key(root)
    changed = tmp_path / "changed.py"
    changed.write_text(Path(module.__file__).read_text() + "# made otherwise\n")  # type: ignore[attr-defined]
    monkeypatch.setattr(module, "__file__", str(changed))
    assert reader_env.key(root) != before
