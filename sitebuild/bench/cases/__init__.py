"""The benchmark cases, one module each, which registers its case on import."""
