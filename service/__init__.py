"""The game service: everything a front end needs, with no Discord in it.

A front end (the Discord cogs, the tests, a future web page) builds a `Caller`
(`service/messages.py`), calls the collaborator of a `GameService` (`service/game_service.py`)
that owns the use case (`service.turns.move(...)`, `service.lobby.join(...)`), and posts the
`Message`s it gets back exactly as described: which is public, which is only for the caller, and
which users each one may ping.
"""
