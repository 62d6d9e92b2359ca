"""Rebirth's content: reading its files from content/data/rebirth/ (`loader`) and checking every
promise docs/formats.md makes about them (`validate`)."""
