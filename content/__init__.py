"""Game content: loading and validating the data files in `data/` (see docs/formats.md)."""
