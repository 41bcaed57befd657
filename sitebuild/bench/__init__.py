"""Live benchmarks of the performance claims both articles make.

- :mod:`sitebuild.bench.registry`: cases that describe themselves, typed rows;
- :mod:`sitebuild.bench.cases`: the cases, one module each;
- :mod:`sitebuild.bench.timing`: variants timed in turns with ``torch.utils.benchmark``;
- :mod:`sitebuild.bench.suite`: running them in fresh processes, provenance, the cache;
- :mod:`sitebuild.bench.results`: which results a build shows, and how fresh they are;
- :mod:`sitebuild.bench.render`, :mod:`sitebuild.bench.charts` and :mod:`sitebuild.bench.claims`:
  tables, charts and checked claims on the pages, in the figures of :mod:`sitebuild.bench.formats`.

Measure with ``python -m sitebuild.bench`` (``make bench``).
"""
