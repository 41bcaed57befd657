from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import venv
import zipfile
from pathlib import Path

import pytest
import torch

from sitebuild import install as installer

ROOT = Path(__file__).resolve().parents[2]
CPU_INDEX = "https://download.pytorch.org/whl/cpu"

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


def test_each_source_is_passed_to_uv_without_the_projects_own() -> None:
    options, env = installer.uv_options(installer.settings(LISTING))
    assert options == [
        "--extra-index-url", "file:///opt/a/simple", "--extra-index-url", "file:///opt/b/simple",
        "--find-links", "/opt/install-wheels", "--no-sources",
    ]  # fmt: skip
    assert env == {"SSL_CERT_FILE": "/etc/ssl/ca.pem"}
    assert installer.uv_options({"index-url": "https://i/simple", "no-index": "true"})[0] == [
        "--index-url", "https://i/simple", "--no-index", "--no-sources",
    ]  # fmt: skip
    # No source of pip's own: the project's (pyproject.toml, [tool.uv.sources]) apply.
    assert installer.uv_options({"no-index": "false"})[0] == []
    assert installer.uv_options({"constraint": "/c.txt", "cert": "/ca.pem", "timeout": "60"}) == (
        ["--constraint", "/c.txt"],
        {"SSL_CERT_FILE": "/ca.pem"},
    )


def test_a_setting_that_changes_what_is_installed_and_is_not_passed_stops_it() -> None:
    with pytest.raises(ValueError, match=r"sets 'only-binary'.*sitebuild/install"):
        installer.uv_options({"find-links": "/w", "only-binary": ":all:"})


def test_the_command_takes_the_sources_from_pips_own_configuration(tmp_path: Path) -> None:
    # The environment is an argument, so a caller passes its own instead of changing os.environ.
    environ = {**os.environ, "PIP_FIND_LINKS": str(tmp_path / "wheels")}
    argv, env = installer.command(tmp_path / "bin" / "python", ["-e", "."], environ)
    assert Path(argv[0]).name == "uv"
    assert argv[1:5] == ["pip", "install", "--quiet", "--compile-bytecode"]
    assert argv[5:7] == ["--python", str(tmp_path / "bin/python")]
    at = argv.index("--find-links")
    assert argv[at + 1] == str(tmp_path / "wheels"), "the environment overrides pip.conf"
    assert argv[-2:] == ["-e", "."]
    assert "--index-strategy" in argv and "unsafe-best-match" in argv
    assert "--no-sources" in argv, "torch comes from the machine's sources, not the CPU index"
    assert env["PIP_FIND_LINKS"] == str(tmp_path / "wheels")


def wheel(index: Path, name: str, version: str) -> None:
    """A tiny wheel of ``name`` in the flat simple index ``index``, listed in its page."""
    folder = index / name
    folder.mkdir(parents=True, exist_ok=True)
    file = f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(folder / file, "w") as archive:
        archive.writestr(
            f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        )
        archive.writestr(
            f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        archive.writestr(f"{info}/RECORD", "")
    links = "".join(f'<a href="{w.name}">{w.name}</a>' for w in sorted(folder.glob("*.whl")))
    (folder / "index.html").write_text(f"<html><body>{links}</body></html>")


def plain_machine(tmp_path: Path, **uv: str) -> tuple[Path, Path, dict[str, str]]:
    """A reader's machine: pip and uv with no configuration, a local index in PyPI's place with
    torch's CUDA build, and one with its CPU build (``tmp_path / "cpu"``); returns a venv's Python,
    a constraints file with requirements.lock's torch pin, and the environment, with ``uv``."""
    pypi, cpu = tmp_path / "pypi", tmp_path / "cpu"
    wheel(pypi, "torch", "2.13.0")
    wheel(cpu, "torch", "2.13.0+cpu")
    pin = re.search(r"^torch==.*$", (ROOT / "requirements.lock").read_text(), re.M)
    assert pin and pin[0] == "torch==2.13.0", "PyPI has no 2.13.0+cpu: the pin must match its wheel"
    (tmp_path / "constraints.txt").write_text(pin[0] + "\n")
    venv.create(tmp_path / "venv")
    own = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "UV_"))}
    environ = {**own, "PIP_CONFIG_FILE": os.devnull, "UV_NO_CONFIG": "1",
               "UV_CACHE_DIR": str(tmp_path / "uv-cache"), "UV_DEFAULT_INDEX": pypi.as_uri(),
               "UV_HTTP_RETRIES": "0", **uv}  # fmt: skip
    return tmp_path / "venv" / "bin" / "python", tmp_path / "constraints.txt", environ


def chosen_torch(python: Path, args: list[str], environ: dict[str, str]) -> str:
    """The torch the installer's command would install with ``args`` (``--dry-run``)."""
    argv, env = installer.command(python, ["--dry-run", *args], environ)
    argv.remove("--quiet")  # which hides what a dry run would install
    done = subprocess.run(argv, env=env, capture_output=True, text=True)
    found = re.search(r"^ \+ (torch==\S+)$", done.stdout + done.stderr, re.M)
    assert found, done.stdout + done.stderr
    return found[1]


def test_a_plain_machine_takes_torch_from_the_pytorch_cpu_index(tmp_path: Path) -> None:
    python, constraints, environ = plain_machine(tmp_path)
    assert "--no-sources" not in installer.command(python, [], environ)[0]
    # The project with its own index URL in the fake index's place. UV_INDEX would not tell: an
    # index it names is searched for every package, so it gives the CPU build even without sources.
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'url = "{CPU_INDEX}"' in pyproject, "pyproject.toml: [[tool.uv.index]] pytorch-cpu"
    (tmp_path / "project").mkdir()
    fake = pyproject.replace(CPU_INDEX, (tmp_path / "cpu").as_uri())
    (tmp_path / "project" / "pyproject.toml").write_text(fake)
    args = ["-c", str(constraints), "-e", str(tmp_path / "project")]
    assert chosen_torch(python, args, environ) == "torch==2.13.0+cpu"
    assert chosen_torch(python, [*args, "--no-sources"], environ) == "torch==2.13.0", "PyPI's"
    # With the build tooling, as the Makefile installs both (-e . -e ./sitebuild): torch is the
    # project's dependency, and the tooling's too.
    (tmp_path / "tooling").mkdir()
    (tmp_path / "tooling" / "pyproject.toml").write_text(
        '[project]\nname = "tooling"\nversion = "0"\ndependencies = ["dyndocs", "torch>=2.5"]\n'
    )
    tooling_args = [*args, "-e", str(tmp_path / "tooling")]
    assert chosen_torch(python, tooling_args, environ) == "torch==2.13.0+cpu"
    # The README's way to a mirror of the CPU index, with the project as it is.
    mirror = {**environ, "UV_INDEX": f"pytorch-cpu={(tmp_path / 'cpu').as_uri()}"}
    args = ["-c", str(constraints), "-e", str(ROOT)]
    assert chosen_torch(python, args, mirror) == "torch==2.13.0+cpu"


def test_an_unreachable_cpu_index_stops_the_install_and_is_named(tmp_path: Path) -> None:
    closed = "http://127.0.0.1:9/simple"
    python, constraints, environ = plain_machine(tmp_path, UV_INDEX=f"pytorch-cpu={closed}")
    done = installer.install(
        python, ["--dry-run", "-c", str(constraints), "-e", str(ROOT)], environ
    )
    assert done.returncode != 0
    first, rest = done.stderr.split("\n", 1)
    assert first == (
        f"could not reach the package index {closed} (UV_INDEX=pytorch-cpu={closed}, over "
        "pyproject.toml, [[tool.uv.index]] pytorch-cpu); uv's error follows"
    )
    assert f"{closed}/torch/" in rest, "uv's own error, with the URL it failed on"


def test_a_failure_at_the_projects_own_index_names_where_it_is_set() -> None:
    pyproject = ROOT / "pyproject.toml"
    error = f"error: Request failed\n  cause: Failed to fetch: {CPU_INDEX}/torch/\n"
    assert installer.explain(error, pyproject, {}) == (
        f"could not reach the package index {CPU_INDEX} (pyproject.toml, [[tool.uv.index]] "
        "pytorch-cpu); uv's error follows\n"
    )
    assert installer.explain("error: No solution found", pyproject, {}) == ""


def test_the_makefile_installs_the_project_with_it() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    recipe = makefile.split("\n$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "sitebuild/install.py" in recipe.splitlines()[0], "a change to it remakes the venv"
    assert "-m pip install -qq --disable-pip-version-check -c requirements.lock uv" in recipe
    assert '-m sitebuild.install -c requirements.lock -e . -e "./sitebuild[dev]"' in recipe


def test_the_venv_is_byte_compiled() -> None:
    # This venv was made by the installer: the modules every run imports are compiled, whether or
    # not the machine lets Python write bytecode (PYTHONDONTWRITEBYTECODE).
    assert Path(importlib.util.cache_from_source(torch.__file__)).is_file()
