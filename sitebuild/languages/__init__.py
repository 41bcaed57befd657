"""Per-language behaviour: the language builds, interface strings, the glossary."""
