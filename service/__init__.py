"""The game service: everything a front end needs, with no Discord in it.

A front end (the Discord cogs, the tests, a future web page) builds a `Caller`, calls a
`GameService` method, and posts the `Message`s it gets back exactly as described: which is
public, which is only for the caller, and which users each one may ping.
"""

from service.game_service import GameService
from service.messages import Caller, Message, ServiceError

__all__ = ["Caller", "GameService", "Message", "ServiceError"]
