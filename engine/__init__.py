"""Pure, deterministic game rules: no Discord, no I/O, no asyncio.

Each game is a package with a class implementing `engine.base.Game`. Content (maps, cards) is
loaded outside the engine by `content` and handed in, so the rules stay pure functions of
(content, seed, moves).
"""

from engine.errors import GameError, GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn

__all__ = ["GameError", "GameOver", "IllegalMove", "MalformedMove", "NotAPlayer", "NotYourTurn"]
