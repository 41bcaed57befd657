"""Site build logic, one module per mechanism.

- :mod:`dyndocs.site.languages`: per-language behaviour on top of mkdocs-static-i18n.
- :mod:`dyndocs.site.includes`: ``--8<--`` expansion shared by the build and the tests.
- :mod:`dyndocs.site.outputs`: output blocks produced by running snippet files.

``hooks.py`` only wires these into MkDocs events.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository root: where ``mkdocs.yml``, ``docs/`` and ``snippets/`` live."""
