"""Run one benchmark case in this (fresh) process and print its rows as JSON.

Usage: ``python -m dyndocs.bench.worker CASE DEVICE [--quick]``.
"""

from __future__ import annotations

import json
import sys

import torch

from dyndocs.bench.cases import CASES
from dyndocs.bench.timing import THREADS


def main(argv: list[str]) -> int:
    name, device = argv[0], torch.device(argv[1])
    if device.type == "cuda" and not torch.cuda.is_available():
        raise SystemExit(f"device {device} is not available on this machine")
    torch.set_num_threads(THREADS)
    rows = CASES[name]("--quick" in argv, device)
    print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
