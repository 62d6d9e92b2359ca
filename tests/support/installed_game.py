"""Run by tests/packaging/test_wheel.py with the Python of a virtual environment the wheel was installed
into, from a directory outside the checkout (`python -I installed_game.py CHECKOUT DATABASE`):
every game through the service, on a database file, as the bot plays it; the fonts and the
Portuguese catalog read from the installed package. Prints one JSON line for the test to check.

It imports only what the wheel installed: the test copies this file out of the checkout, and
`-I` keeps the script's folder, PYTHONPATH and the user's site-packages off `sys.path`.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

MOVES = 24  # per game: setup, a few turns, images; the offline selfplay plays whole games


async def play(database_path: str) -> dict[str, dict[str, int]]:
    from db import Database
    from games.registry import game_ids, load_engine
    from service.game_service import GameService
    from service.messages import Caller

    played: dict[str, dict[str, int]] = {}
    database = await Database.open(database_path)
    try:
        service = GameService(database, engines=load_engine, clock=lambda: 1_700_000_000.0, seeds=lambda: 7)
        for channel, game_id in enumerate(game_ids(), 1):
            engine = load_engine(game_id)

            def caller(user: int, channel: int = channel) -> Caller:
                return Caller(user_id=user, channel_id=channel, guild_id=1, display_name=f"user{user}")

            await service.lobby.new_game(caller(1), game_id, {})
            await service.lobby.join(caller(2))
            said = await service.lobby.start(caller(1))
            images = sum(1 for message in said if (message.image or b"").startswith(b"\x89PNG"))
            moves = 0
            while moves < MOVES:
                game = await database.open_game(channel)
                if game is None:
                    break
                state = engine.loads(game.state)
                mover = game.players[engine.to_move(state)]
                [choice, *_] = await service.turns.move_choices(caller(mover), "")
                said = await service.turns.move(caller(mover), choice.notation)
                images += sum(1 for message in said if (message.image or b"").startswith(b"\x89PNG"))
                moves += 1
            stored = await database.moves((await database.latest_game(channel)).id)
            played[game_id] = {"moves": moves, "stored": len(stored), "images": images}
    finally:
        await database.close()
    return played


def resources() -> dict[str, object]:
    """Where the data files were read from, and that they load."""
    from content import DATA_DIR
    from i18n import t
    from i18n.po import LOCALE_DIR
    from render.fonts import CHAIN, FONT_DIR, face

    faces = [face(index, 20).getname()[0] for index in range(len(CHAIN))]
    return {
        "content": str(DATA_DIR),
        "fonts": str(FONT_DIR),
        "faces": faces,
        "locale": str(LOCALE_DIR),
        "pt-BR": t("error.not_your_turn", "pt-BR"),
        "en": t("error.not_your_turn", "en"),
    }


def main() -> None:
    checkout, database_path = Path(sys.argv[1]).resolve(), sys.argv[2]
    import bot
    import content
    import engine
    import render

    summary = {
        "prefix": sys.prefix,
        "path": [entry for entry in sys.path if Path(entry or ".").resolve().is_relative_to(checkout)],
        "modules": {module.__name__: module.__file__ for module in (bot, content, engine, render)},
        "games": asyncio.run(play(database_path)),
        **resources(),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
