"""Live benchmarks of the performance claims both articles make.

- :mod:`dyndocs.bench.timing`: one ``torch.utils.benchmark`` measurement (warm-up, median, IQR).
- :mod:`dyndocs.bench.cases`: the cases, each a function run in a fresh process.
- :mod:`dyndocs.bench.results`: running the suite, provenance, the cache, merging machines.
- :mod:`dyndocs.bench.render`: tables, SVG charts and claims for the pages.

Re-measure with ``python -m dyndocs.bench --force`` (``make bench``).
"""
