"""Each game's presenter, one module per game (`service/presenters/<game>.py`), implementing the
`Presenter` protocol of `service/presenting.py` and declared in the game's registry entry."""
