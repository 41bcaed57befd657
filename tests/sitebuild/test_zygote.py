"""A zygote's children look like fresh ``python`` processes, in any environment."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitebuild.runs.zygote import JobTimedOut, Zygote, ZygotePool


@pytest.fixture(scope="module")
def zygote() -> Iterator[Zygote]:
    with contextlib.closing(Zygote({}, preload=())) as running:
        yield running


def test_a_script_sees_its_own_argv_and_folder(zygote: Zygote, tmp_path: Path) -> None:
    script = tmp_path / "where.py"
    script.write_text(
        "import sys, os; print(sys.argv[1:], sys.path[0] == os.path.dirname(__file__))\n"
    )
    status, out, _ = zygote.run([str(script), "a", "b"], cwd=tmp_path, timeout_s=30)
    assert (status, out) == (0, "['a', 'b'] True\n")


def test_code_runs_in_a_new_main_with_nothing_of_the_zygote(zygote: Zygote, tmp_path: Path) -> None:
    status, _, err = zygote.run(["-c", "print(serve)"], cwd=tmp_path, timeout_s=30)
    assert status == 1
    assert "NameError: name 'serve' is not defined" in err
    status, out, _ = zygote.run(
        ["-c", "import sys; print(__name__, sys.argv, repr(sys.path[0]), 'x' in dir())", "x"],
        cwd=tmp_path,
        timeout_s=30,
    )
    assert (status, out) == (0, "__main__ ['-c', 'x'] '' False\n")


def test_exit_status_and_standard_error_come_back(zygote: Zygote, tmp_path: Path) -> None:
    status, _, err = zygote.run(["-c", "raise SystemExit('no')"], cwd=tmp_path, timeout_s=30)
    assert (status, err) == (1, "no\n")
    status, _, err = zygote.run(["-c", "1 / 0"], cwd=tmp_path, timeout_s=30)
    assert status == 1 and err.rstrip().endswith("ZeroDivisionError: division by zero")


def test_a_job_past_its_limit_is_killed_and_the_zygote_goes_on(
    zygote: Zygote, tmp_path: Path
) -> None:
    with pytest.raises(JobTimedOut, match="timed out after 0.5 s"):
        zygote.run(["-c", "import time; time.sleep(60)"], cwd=tmp_path, timeout_s=0.5)
    assert zygote.run(["-c", "print(1)"], cwd=tmp_path, timeout_s=30)[:2] == (0, "1\n")


def test_another_environments_python_serves_without_this_package(tmp_path: Path) -> None:
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    pool = ZygotePool(preload=("json",), python=str(env / "bin" / "python"))
    try:
        status, out, _ = pool.run(
            ["-c", "import sys, importlib.util as u; print(sys.prefix, u.find_spec('sitebuild'))"],
            cwd=tmp_path,
            start_env={},
            timeout_s=30,
        )
    finally:
        pool.close()
    assert (status, out) == (0, f"{env} None\n")


def test_each_start_environment_gets_its_own_zygote(tmp_path: Path) -> None:
    pool = ZygotePool(preload=())
    try:
        runs = [
            pool.run(
                ["-c", "import os; print(os.environ['PICK'])"],
                cwd=tmp_path,
                start_env={"PICK": pick},
                timeout_s=30,
            )
            for pick in ("one", "two")
        ]
    finally:
        pool.close()
    assert [out for _, out, _ in runs] == ["one\n", "two\n"]


def test_a_job_runs_in_a_zygote_that_has_imported_what_it_asks_for(tmp_path: Path) -> None:
    pool = ZygotePool(preload=())
    check = ["-c", "import sys; print('colorsys' in sys.modules)"]
    try:
        runs = [
            pool.run(check, cwd=tmp_path, start_env={}, timeout_s=30, preload=preload)
            for preload in (None, ("colorsys",), None)
        ]
    finally:
        pool.close()
    assert [out for _, out, _ in runs] == ["False\n", "True\n", "False\n"]


LEFT_OPEN = """
from pathlib import Path
from sitebuild.runs.zygote import Zygote
zygote = Zygote({}, preload=())
zygote.run(["-c", "pass"], cwd=Path("."), timeout_s=30)
print(zygote.process.pid)
"""


def test_a_zygote_left_open_is_stopped_when_its_process_exits() -> None:
    """A runner is never closed by the tests or the build: at exit its zygotes are waited for,
    with no "subprocess is still running" or unclosed pipe (ResourceWarning)."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-X", "dev", "-W", "error::ResourceWarning", "-c", LEFT_OPEN],
        cwd=root, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0 and "ResourceWarning" not in done.stderr, done.stderr
    assert not Path(f"/proc/{int(done.stdout)}").exists(), "the zygote outlived its process"
