"""Fixtures shared by the tests: one strict build of the whole site per session."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dyndocs.site import ROOT


def mkdocs_build(config: Path, site_dir: Path) -> subprocess.CompletedProcess[str]:
    """Run ``mkdocs build --strict`` as the README documents it, capturing its log."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(config),
            "-d",
            str(site_dir),
        ],
        cwd=ROOT,
        # Quick benchmarks: the real code path with short timing windows, measured once and cached.
        env={
            **os.environ,
            "NO_MKDOCS_2_WARNING": "1",
            "PYTHONBREAKPOINT": "0",
            "DYNDOCS_BENCH": os.environ.get("DYNDOCS_BENCH", "quick"),
        },
        capture_output=True,
        text=True,
        timeout=1200,
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built strictly into a temporary folder."""
    site = tmp_path_factory.mktemp("site")
    done = mkdocs_build(ROOT / "mkdocs.yml", site)
    assert done.returncode == 0, f"strict build failed:\n{done.stderr[-6000:]}"
    # MkDocs' own log lines; a Jupyter kernel's "[IPKernelApp] WARNING" about TCP is not one.
    warnings = [line for line in done.stderr.splitlines() if re.match(r"WARNING\s+-", line)]
    assert not warnings, "build warnings:\n" + "\n".join(warnings)
    return site
