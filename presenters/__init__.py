"""Each game's presenter, one module per game (`presenters/<game>.py`), implementing the
`Presenter` protocol of `presenters/protocol.py` and declared in the game's registry entry."""
