from __future__ import annotations

import compileall
import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest
import torch

from sitebuild import install as installer

LISTING = """\
global.extra-index-url='file:///opt/a/simple file:///opt/b/simple'
global.find-links='/opt/wheels'
global.timeout='60'
install.find-links='/opt/install-wheels'
download.dest='/tmp/d'
:env:.cert='/etc/ssl/ca.pem'
"""


def test_pip_install_reads_global_then_install_then_the_environment() -> None:
    assert installer.settings(LISTING) == {
        "extra-index-url": "file:///opt/a/simple file:///opt/b/simple",
        "find-links": "/opt/install-wheels",
        "timeout": "60",
        "cert": "/etc/ssl/ca.pem",
    }
    assert installer.settings(":env:.find-links='/e'\nglobal.find-links='/g'\n") == {
        "find-links": "/e"
    }


def test_each_source_is_passed_to_uv_and_the_certificate_as_its_variable() -> None:
    options, env = installer.uv_options(installer.settings(LISTING))
    assert options == [
        "--extra-index-url", "file:///opt/a/simple", "--extra-index-url", "file:///opt/b/simple",
        "--find-links", "/opt/install-wheels",
    ]  # fmt: skip
    assert env == {"SSL_CERT_FILE": "/etc/ssl/ca.pem"}
    assert installer.uv_options({"index-url": "https://i/simple", "no-index": "true"})[0] == [
        "--index-url", "https://i/simple", "--no-index",
    ]  # fmt: skip
    assert installer.uv_options({"no-index": "false"})[0] == []


def test_a_setting_that_changes_what_is_installed_and_is_not_passed_stops_it() -> None:
    with pytest.raises(ValueError, match=r"sets 'only-binary'.*sitebuild/install"):
        installer.uv_options({"find-links": "/w", "only-binary": ":all:"})


def test_the_command_takes_the_sources_from_pips_own_configuration(tmp_path: Path) -> None:
    # An environment of its own, not monkeypatch.setenv: os.environ is shared with the background
    # resources (tests/resources.py), which make the reader's venv with this very command.
    environ = {**os.environ, "PIP_FIND_LINKS": str(tmp_path / "wheels")}
    argv, env = installer.command(tmp_path / "bin" / "python", ["-e", "."], environ)
    assert Path(argv[0]).name == "uv"
    assert argv[1:6] == ["pip", "install", "--quiet", "--python", str(tmp_path / "bin/python")]
    at = argv.index("--find-links")
    assert argv[at + 1] == str(tmp_path / "wheels"), "the environment overrides pip.conf"
    assert argv[-2:] == ["-e", "."]
    assert "--index-strategy" in argv and "unsafe-best-match" in argv
    assert env["PIP_FIND_LINKS"] == str(tmp_path / "wheels")


def test_the_makefile_installs_the_project_with_it() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    recipe = makefile.split("\n$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "sitebuild/install.py" in recipe.splitlines()[0], "a change to it remakes the venv"
    assert "-m pip install -qq --disable-pip-version-check -c requirements.lock uv" in recipe
    assert '-m sitebuild.install -c requirements.lock -e . -e "./sitebuild[dev]"' in recipe


def venv_with(tmp_path: Path, modules: dict[str, str]) -> tuple[Path, Path]:
    """A venv's layout holding ``modules`` (path: source), with this interpreter as its Python;
    returns its Python and its site-packages."""
    site = tmp_path / "venv" / "lib" / "python3" / "site-packages"
    for name, source in modules.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(source)
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir()
    python.symlink_to(sys.executable)
    return python, site


def test_the_venv_is_byte_compiled_but_for_what_no_run_imports(tmp_path: Path) -> None:
    names = ["pkg/a.py", "pkg/sub/b.py", "pkg/tests/test_a.py", "c.py"]
    python, site = venv_with(tmp_path, dict.fromkeys(names, "X = 1\n"))
    done = installer.byte_compile(python, processes=2)
    assert done.returncode == 0, done.stdout + done.stderr
    compiled = {p.relative_to(site).parts[:-2] for p in site.rglob("*.pyc")}
    assert compiled == {("pkg",), ("pkg", "sub"), ()}, "each module but the test suite's"
    assert re.search(installer.SKIPPED, "/site-packages/torch/testing/_internal/x.py")
    assert not re.search(installer.SKIPPED, "/site-packages/torch/nn/modules/linear.py")
    # This venv was made by the installer: the modules every run imports are compiled, whether or
    # not the machine lets Python write bytecode (PYTHONDONTWRITEBYTECODE).
    assert Path(importlib.util.cache_from_source(torch.__file__)).is_file()


def test_a_file_that_does_not_compile_fails_the_step_and_is_named(tmp_path: Path) -> None:
    python, _ = venv_with(tmp_path, {"good.py": "X = 1\n", "broken.py": "def (:\n"})
    done = installer.byte_compile(python, processes=2)
    assert done.returncode != 0
    assert "broken.py" in done.stdout + done.stderr


def test_a_second_venv_links_the_bytecode_of_the_files_both_hold(tmp_path: Path) -> None:
    first, second = tmp_path / "first" / "pkg", tmp_path / "second" / "pkg"
    first.mkdir(parents=True)
    second.mkdir(parents=True)
    (first / "shared.py").write_text("X = 1\n")
    os.link(first / "shared.py", second / "shared.py")  # as uv links both from its cache
    (first / "own.py").write_text("Y = 1\n")
    (second / "own.py").write_text("Y = 1\n")  # the same text, but another file
    (first / "only_first.py").write_text("Z = 1\n")
    assert compileall.compile_dir(first.parent, quiet=1)

    assert installer.share_bytecode(first.parent, second.parent) == 1
    linked = Path(importlib.util.cache_from_source(str(second / "shared.py")))
    assert os.path.samefile(linked, importlib.util.cache_from_source(str(first / "shared.py")))
    assert not Path(importlib.util.cache_from_source(str(second / "own.py"))).exists()
    assert not (second / "only_first.py").exists()
    # compileall finds the linked bytecode valid: it leaves it and compiles only the other file.
    assert compileall.compile_dir(second.parent, quiet=1)
    assert os.path.samefile(linked, importlib.util.cache_from_source(str(first / "shared.py")))
    assert Path(importlib.util.cache_from_source(str(second / "own.py"))).is_file()
