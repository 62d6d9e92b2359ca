"""Revive's content: reading its files from content/data/revive/ (`loader`) and checking every
promise docs/revive.md "Content formats" makes about them (`validate`)."""

from content.revive.loader import load_revive

__all__ = ["load_revive"]
