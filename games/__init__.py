"""The games this bot plays: one registry entry each (`games/<game>.py`), listed in `registry`.

Adding a game means `engine/<game>/`, `content/data/<game>/` (with its loader in `content/<game>/`), a
presenter in `presenters/<game>.py`, a renderer in `render/<game>/`, and one entry here.
"""
