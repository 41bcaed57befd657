"""PYTHONBREAKPOINT naming a debugger that is not installed: Python warns and runs on."""

import os
import subprocess
import sys

env = {**os.environ, "PYTHONBREAKPOINT": "no_such_debugger.set_trace"}
done = subprocess.run(
    [sys.executable, "-c", "breakpoint(); print('no stop: the program ran on')"],
    capture_output=True,
    text=True,
    env=env,
    check=True,
)
print(done.stdout.strip())
print(done.stderr.strip().split(": ", 1)[1])  # the warning, without its '<string>:1' location
