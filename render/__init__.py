"""Board images for the games (Pillow only, no I/O, no Discord)."""
