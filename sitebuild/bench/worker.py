"""Run one case in this fresh process, print its rows as JSON: ``CASE DEVICE [--quick]``."""

from __future__ import annotations

import argparse
import json
import time
import warnings

import torch

from sitebuild.bench.registry import cases
from sitebuild.bench.timing import THREADS

if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m sitebuild.bench.worker", description=__doc__)
    parser.add_argument("case", choices=sorted(cases()), metavar="CASE", help="a registered case")
    parser.add_argument("device", choices=("cpu", "cuda"), metavar="DEVICE", help="cpu or cuda")
    parser.add_argument("--quick", action="store_true", help="short timing windows")
    args = parser.parse_args()
    if args.device == "cuda" and not torch.cuda.is_available():
        parser.error("device cuda is not available on this machine")
    warnings.simplefilter("ignore")  # deprecation and tracer warnings are what some cases measure
    torch.set_num_threads(THREADS)
    started = time.perf_counter()
    case = cases()[args.case]
    rows = [r.to_json() for r in case.check(case.function(args.quick, torch.device(args.device)))]
    print(json.dumps({"rows": rows, "seconds": time.perf_counter() - started}))
