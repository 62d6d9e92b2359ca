"""The game service: everything a front end needs, with no Discord in it.

A front end (the Discord cogs, the tests, a future web page) builds a `Caller`
(`service/messages.py`), calls a `GameService` method (`service/game_service.py`), and posts the
`Message`s it gets back exactly as described: which is public, which is only for the caller, and
which users each one may ping.
"""
