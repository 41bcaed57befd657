"""Re-measure the benchmarks: ``python -m dyndocs.bench [--quick] [--force] [--output FILE]``.

``--output`` also writes the results to FILE, e.g. ``benchmarks/h200.json`` to show a GPU
runner's figures beside the build's own.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from dyndocs.bench.results import BenchmarkFailed, load_or_measure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dyndocs.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short timing windows, fewer sizes")
    parser.add_argument("--force", action="store_true", help="measure even if a cached run matches")
    parser.add_argument("--output", type=Path, help="also write the results to this file")
    args = parser.parse_args(argv)
    try:
        results = load_or_measure(quick=args.quick, force=args.force, progress=True)
    except BenchmarkFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(results, indent=1), encoding="utf-8")
    prov = results["provenance"]
    print(f"measured in {prov['duration_s']} s on {prov['cpu']} (key {prov['key']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
