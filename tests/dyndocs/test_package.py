"""dyndocs is what readers import: it installs and imports with torch alone."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from sitebuild.runs.runner import CodeRunner

from ..support import ROOT

PACKAGE = ROOT / "dyndocs"


def test_it_depends_on_torch_alone() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert [d.split(">")[0].split("=")[0] for d in project["dependencies"]] == ["torch"]
    assert "optional-dependencies" not in project


def test_the_wheel_holds_dyndocs_and_nothing_else(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("dyndocs-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    packages = {name.split("/")[0] for name in names if not name.endswith(".dist-info/")}
    assert {p for p in packages if not p.endswith(".dist-info")} == {"dyndocs"}
    metadata = next(n for n in names if n.endswith("METADATA"))
    requires = [
        line
        for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
        if line.startswith("Requires-Dist:")
    ]
    assert requires == ["Requires-Dist: torch>=2.5"]


def test_importing_it_loads_no_build_tooling(runner: CodeRunner) -> None:
    """In a process of its own, through the code runner: the module names in the code make
    every module of the package part of the run's key, so it runs again when one changes."""
    modules = [
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in sorted(PACKAGE.rglob("*.py"))
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'sitebuild', 'mkdocs', 'markdown', 'yaml', 'sybil', 'pytest'})\n"
        "print(bad)\n"
    )
    assert set(runner.dependencies(code)) == set(PACKAGE.rglob("*.py"))
    done = runner.run(code, name="importing every module of dyndocs")
    assert done.stdout.strip() == "[]"


def test_no_module_of_it_imports_the_build_tooling() -> None:
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            assert not any(n.split(".")[0] == "sitebuild" for n in names), path
