"""Run one benchmark case in this (fresh) process and print its rows as JSON.

Usage: ``python -m sitebuild.bench.worker CASE DEVICE [--quick]``.
"""

from __future__ import annotations

import json
import sys
import time
import warnings

import torch

from sitebuild.bench.registry import CASES
from sitebuild.bench.timing import THREADS


def main(argv: list[str]) -> int:
    warnings.simplefilter("ignore")  # deprecation and tracer warnings are what some cases measure
    name, device = argv[0], torch.device(argv[1])
    if device.type == "cuda" and not torch.cuda.is_available():
        raise SystemExit(f"device {device} is not available on this machine")
    torch.set_num_threads(THREADS)
    started = time.perf_counter()
    case = CASES[name]
    rows = case.check(case.function("--quick" in argv, device))
    print(
        json.dumps({"rows": [r.to_json() for r in rows], "seconds": time.perf_counter() - started})
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
