"""Build tooling of the guide: what turns ``docs/``, ``snippets/`` and ``dyndocs`` into the site.

Contributors and the build use this package; readers never import it. One module per mechanism:

- :mod:`sitebuild.project`: paths and languages, read from ``mkdocs.yml``;
- :mod:`sitebuild.languages`: per-language behaviour on top of mkdocs-static-i18n;
- :mod:`sitebuild.strings`: the interface strings of each language (``i18n/<locale>.yml``);
- :mod:`sitebuild.glossary`: the glossary (``i18n/glossary.yml``) and its table;
- :mod:`sitebuild.includes`: ``--8<--`` expansion shared by the build and the tests;
- :mod:`sitebuild.runs`: running example code once per content;
- :mod:`sitebuild.outputs`: output blocks produced by running snippet files;
- :mod:`sitebuild.bench`: live benchmarks, their tables, charts and checked claims;
- :mod:`sitebuild.plugin`: the MkDocs plugin that wires these into a build.

Nothing here is imported by :mod:`dyndocs`; the dependency only runs the other way.
"""
