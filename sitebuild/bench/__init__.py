"""Live benchmarks of the articles' performance claims: ``python -m sitebuild.bench`` measures
(:mod:`~sitebuild.bench.suite`) the cases (:mod:`~sitebuild.bench.cases`, timed by
:mod:`~sitebuild.bench.timing`); :mod:`~sitebuild.bench.render` puts them on the pages."""
