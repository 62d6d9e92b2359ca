"""English strings for the AI players: their levels, their names at the table, `/game add-bot
level:`, the stand-in level of `/game settings`, and `/game new solo:`. Merged into i18n/en.py's
MESSAGES."""

MESSAGES: dict[str, str | dict[str, str]] = {
    "ai.level.easy": "easy",
    "ai.level.normal": "normal",
    "ai.level.strong": "strong",
    "ai.name": "{level}",
    "ai.name_numbered": "{level} {number}",
    "ai.added": "🤖 **{name}** takes a seat: an AI player ({about}).",
    "ai.about.easy": "it looks one move ahead",
    "ai.about.normal": "it searches about a second a move",
    "ai.about.strong": "it searches about three seconds a move",
    "error.no_such_level": "There is no such level: choose one of {levels}.",
    "name.option.level": "level",
    "cmd.game.add_bot.level": "How well it plays: easy (one move ahead), normal or strong (searches)",
    "choice.level.easy": "easy: looks one move ahead",
    "choice.level.normal": "normal: searches about a second",
    "choice.level.strong": "strong: searches about three seconds",
    "name.option.stand_in": "stand_in",
    "cmd.game.settings.stand_in": "The AI level that plays a seat someone left or whose clock ran out",
    "settings.stand_in": "🤖 A seat someone leaves is played at level **{level}**.",
    "name.option.solo": "solo",
    "name.option.opponents": "opponents",
    "cmd.game.new.solo": "Play alone against AI players: the table starts at once",
    "cmd.game.new.level": "The AI players' level (solo)",
    "cmd.game.new.opponents": "How many AI players (solo; the game's fewest players by default)",
    "solo.too_many": {
        "one": "This game seats at most {high} players: choose at most {count} AI opponent.",
        "other": "This game seats at most {high} players: choose at most {count} AI opponents.",
    },
    "solo.only_solo": "`level:` and `opponents:` are for a solo table: add `solo:true`, or seat AI players "
    "in the lobby with `/game add-bot level:`.",
}
