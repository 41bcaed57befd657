"""Build tooling of the guide: what turns ``docs/``, ``snippets/`` and ``dyndocs`` into the site.

Contributors and the build use it; readers never do, and :mod:`dyndocs` never imports it.

- :mod:`sitebuild.plugin`: the MkDocs plugin, wiring only;
- :mod:`sitebuild.pages`: what a page holds (includes, run outputs, figures, notebooks);
- :mod:`sitebuild.html`: what the browser gets beyond MkDocs' own (head, search entries);
- :mod:`sitebuild.languages`: the language builds, interface strings and the glossary;
- :mod:`sitebuild.runs`: running example code once per content (runner, fork server, caches);
- :mod:`sitebuild.bench`: the benchmarks, their tables, charts and checked claims;
- :mod:`sitebuild.audit`: browser and Lighthouse checks of the built site, for the tests;
- :mod:`sitebuild.project` reads paths and languages from ``mkdocs.yml``;
  :mod:`sitebuild.install` sets up the venvs.
"""
