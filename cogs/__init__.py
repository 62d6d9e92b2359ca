"""Thin Discord adapters: parse the interaction, call the game service, post what it says."""
