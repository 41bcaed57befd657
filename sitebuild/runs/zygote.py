"""Fresh Python processes that start with torch already imported: a small fork server.

Every example and benchmark case runs in a fresh process. A zygote imports torch once, then forks
a child per job, which sees the ``sys.argv``, ``sys.path[0]``, ``__main__`` and exit status that
``python script.py`` (or ``-m``, ``-c``) would give it: on the project's 2-core machine,
``python -c "import torch"`` took 1.29 s and the same job forked from a zygote 7 ms (medians of 5).

:mod:`multiprocessing`'s forkserver would not do: it is one server per process, but torch reads
some variables at import (``ATEN_CPU_CAPABILITY``), so the runs need one per environment; and its
``Process(target=...)`` is not ``python script.py``.

Examples:
    >>> import shutil
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "hello.py").write_text("import sys; print('hi from', sys.argv[0][-8:])")
    >>> with contextlib.closing(Zygote({}, preload=())) as zygote:
    ...     zygote.run([str(folder / "hello.py")], cwd=folder, timeout_s=30)
    (0, 'hi from hello.py\\n', '')
    >>> shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import runpy
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
import types
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path

PRELOAD = ("torch",)
"""What every zygote imports before it forks: what every job needs, reading no job's environment."""
COMPILER_PRELOAD = (*PRELOAD, "torch._dynamo", "torch._inductor.compile_fx")
"""What a zygote for code that compiles imports too: these start no thread at import, so forking
after them is safe, and read no job's environment then (Inductor reads its cache folder later)."""


class JobTimedOut(Exception):
    """A job ran longer than its limit; its process was killed."""


class Zygote:
    """One zygote process: runs jobs one at a time, each in a forked child.

    Args:
        env: Added to the environment when the zygote starts, before it imports anything.
        preload: Modules imported once, before the first fork.
        python: The interpreter; another environment's works too, since this module needs only
            the standard library and runs there as a script.
    """

    def __init__(
        self,
        env: Mapping[str, str],
        preload: Sequence[str] = PRELOAD,
        python: str = sys.executable,
    ) -> None:
        self.env = dict(env)
        self.preload = tuple(preload)
        self.python = python
        self.process: subprocess.Popen[bytes] | None = None
        self.stop: weakref.finalize[..., Zygote] | None = None
        self.lock = threading.Lock()

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [self.python, str(Path(__file__).resolve()), *self.preload],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env={**os.environ, **self.env},
                bufsize=0,
            )
            # Runners live as long as the process that uses them: at its exit the zygote is told
            # to stop and is waited for, not left running on open pipes.
            self.stop = weakref.finalize(self, _stop, self.process)
            if (ready := self.process.stdout.readline()) != b"ready\n":  # type: ignore[union-attr]
                raise RuntimeError(f"the zygote did not start (it said {ready!r})")
        return self.process

    def run(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        env: Mapping[str, str] | None = None,
        timeout_s: float,
    ) -> tuple[int, str, str]:
        """Run ``argv`` (``[script, args...]``, ``["-m", module, ...]`` or ``["-c", code, ...]``) in
        a fresh child as ``python`` would; return its exit status, standard output and error.

        Raises:
            JobTimedOut: It ran longer than ``timeout_s``; the child was killed.
        """
        with self.lock, tempfile.TemporaryDirectory(prefix="zygote-") as spool:
            out, err = Path(spool) / "stdout", Path(spool) / "stderr"
            job = {
                "argv": list(argv),
                "cwd": str(cwd),
                "env": dict(env or {}),
                "stdout": str(out),
                "stderr": str(err),
                "timeout_s": timeout_s,
            }
            process = self._start()
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write((json.dumps(job) + "\n").encode())
            if not (line := process.stdout.readline()):
                raise RuntimeError("the zygote exited")
            done = json.loads(line)
            if done["timed_out"]:
                raise JobTimedOut(f"{' '.join(argv)} timed out after {timeout_s} s")
            return done["status"], out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")

    def close(self) -> None:
        if self.stop is not None:
            self.stop()
        self.process = self.stop = None


class ZygotePool:
    """Zygotes by environment and preload, as many of each as jobs may run at once."""

    def __init__(self, preload: Sequence[str] = PRELOAD, python: str = sys.executable) -> None:
        self.preload = tuple(preload)
        self.python = python
        self.free: dict[tuple[tuple[tuple[str, str], ...], tuple[str, ...]], list[Zygote]] = {}
        self.lock = threading.Lock()

    def run(
        self,
        argv: Sequence[str],
        *,
        cwd: Path,
        start_env: Mapping[str, str],
        env: Mapping[str, str] | None = None,
        timeout_s: float,
        preload: Sequence[str] | None = None,
    ) -> tuple[int, str, str]:
        """Run ``argv`` forked from a zygote started with ``start_env`` that has imported
        ``preload`` (by default the pool's)."""
        modules = self.preload if preload is None else tuple(preload)
        key = (tuple(sorted(start_env.items())), modules)
        with self.lock:
            idle = self.free.setdefault(key, [])
            zygote = idle.pop() if idle else Zygote(start_env, modules, self.python)
        try:
            return zygote.run(argv, cwd=cwd, env=env, timeout_s=timeout_s)
        finally:
            with self.lock:
                self.free[key].append(zygote)

    def close(self) -> None:
        with self.lock:
            for zygotes in self.free.values():
                for zygote in zygotes:
                    zygote.close()
            self.free.clear()


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Close the zygote's input, which ends its loop, and wait for it to exit."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    process.wait(timeout=30)
    process.stdout.close()


def _child(job: dict[str, object]) -> None:
    """In the forked child: become ``python script.py`` (or ``-m module``) and run; never return."""
    os.setpgid(0, 0)
    code = 0
    try:
        os.chdir(str(job["cwd"]))
        stdin = os.open(os.devnull, os.O_RDONLY)
        stdout = os.open(str(job["stdout"]), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        stderr = os.open(str(job["stderr"]), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
            os.dup2(fd, target)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the process's own streams
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        os.environ.update(dict(job["env"]))  # type: ignore[call-overload]
        argv = list(job["argv"])  # type: ignore[call-overload]
        if argv[0] == "-m":
            sys.argv = [argv[1], *argv[2:]]
            sys.path[0] = str(job["cwd"])
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        elif argv[0] == "-c":
            sys.argv = ["-c", *argv[2:]]
            sys.path[0] = ""
            # A new __main__, as `python -c` has: the zygote's own globals must not show through.
            main = types.ModuleType("__main__")
            sys.modules["__main__"] = main
            exec(compile(argv[1], "<string>", "exec"), main.__dict__)  # noqa: S102 - the job
        else:
            sys.argv = argv
            sys.path[0] = str(Path(argv[0]).resolve().parent)
            runpy.run_path(argv[0], run_name="__main__")
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            code = done.code or 0
        else:  # `sys.exit("message")`: Python prints the message and exits with 1
            print(done.code, file=sys.stderr)
            code = 1
    except BaseException:  # noqa: BLE001 - report it as Python would, then exit non-zero
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # nothing left to report it to
                stream.flush()
        os._exit(code)


def _wait(pid: int, timeout_s: float) -> dict[str, object]:
    """The exit status of the child ``pid``, and whether its process group was killed when
    ``timeout_s`` ran out: the handler runs while waitpid waits, which then waits on."""
    expired: list[bool] = []

    def stop(*_: object) -> None:
        expired.append(True)
        with contextlib.suppress(ProcessLookupError):  # it ended as time ran out
            os.killpg(pid, signal.SIGKILL)

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, timeout_s)
    _, status = os.waitpid(pid, 0)
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # the next child must not inherit it
    return {"status": os.waitstatus_to_exitcode(status), "timed_out": bool(expired)}


def serve(preload: Sequence[str]) -> None:
    """The zygote's loop: read a job per line, fork, report how the child ended."""
    for name in preload:
        importlib.import_module(name)
    print("ready", flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(job)
        # The child makes its own process group too, but may not have run yet: the group must
        # exist before the timer may kill it.
        with contextlib.suppress(ProcessLookupError, PermissionError):  # gone, or grouped already
            os.setpgid(pid, pid)
        print(json.dumps(_wait(pid, job["timeout_s"])), flush=True)


if __name__ == "__main__":
    # Run as a script, so that any environment's Python can serve: its folder is not a place to
    # import from (this package has a jupyter.py, for one), so the working folder takes its place,
    # as with `python -m`.
    sys.path[0] = os.getcwd()
    serve(sys.argv[1:])
