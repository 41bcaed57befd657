"""Measure the benchmarks: ``python -m sitebuild.bench [--quick] [--force] [--output FILE]``;
FILE: ``benchmarks/recorded.json`` (``make bench-record``) or ``benchmarks/machines/NAME.json``.
One case alone, its rows printed: ``python -m sitebuild.bench.worker CASE cpu --quick``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sitebuild.bench.suite import BenchmarkFailed, Suite

if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m sitebuild.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short timing windows")
    parser.add_argument("--force", action="store_true", help="measure even if a cached run matches")
    parser.add_argument("--output", type=Path, help="also write the results to this file")
    args = parser.parse_args()
    root = Path.cwd()
    try:
        results = Suite(root, root / ".cache" / "bench").load_or_measure(
            quick=args.quick, force=args.force
        )
    except BenchmarkFailed as error:
        sys.exit(f"error: {error}")
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    prov = results["provenance"]
    print(f"measured in {prov['duration_s']} s on {prov['cpu']} (key {prov['key']})")
    for name, case in results["cases"].items():
        print(f"  {name:16} {case['seconds']:7.1f} s in {case['processes']} process(es)")
