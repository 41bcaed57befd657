"""The benchmark cases, one module each; importing a module registers its cases.

Each case runs in a fresh process (:mod:`sitebuild.bench.worker`) and returns
:class:`~sitebuild.bench.registry.Row` objects. ``quick=True`` runs the same code with shorter
timing windows, for the tests of the machinery itself.
"""
