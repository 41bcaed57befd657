"""The build tooling's layers: rendering never imports torch or the benchmark cases."""

from __future__ import annotations

import subprocess
import sys


def test_rendering_and_claims_import_neither_torch_nor_the_cases() -> None:
    code = (
        "import sys\n"
        "import sitebuild.bench.render, sitebuild.bench.suite\n"
        "import sitebuild.plugin, sitebuild.languages.strings, sitebuild.languages.glossary\n"
        "import sitebuild.languages.builds\n"
        "cases = 'sitebuild.bench.cases'\n"
        "print(sorted(m for m in sys.modules if m == 'torch' or m.startswith(cases)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
