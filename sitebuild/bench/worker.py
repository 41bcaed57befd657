"""Run one case in this fresh process, print its rows as JSON: ``CASE DEVICE [--quick]``."""

from __future__ import annotations

import json
import sys
import time
import warnings

import torch

from sitebuild.bench.registry import get
from sitebuild.bench.timing import THREADS

if __name__ == "__main__":
    warnings.simplefilter("ignore")  # deprecation and tracer warnings are what some cases measure
    name, device = sys.argv[1], torch.device(sys.argv[2])
    if device.type == "cuda" and not torch.cuda.is_available():
        raise SystemExit(f"device {device} is not available on this machine")
    torch.set_num_threads(THREADS)
    started = time.perf_counter()
    case = get(name)
    rows = [r.to_json() for r in case.check(case.function("--quick" in sys.argv, device))]
    print(json.dumps({"rows": rows, "seconds": time.perf_counter() - started}))
