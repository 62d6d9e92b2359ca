"""The slash commands' and options' names (merged into i18n/en.py's MESSAGES).

The English entry *is* the command's name: `cogs/translator.command_name` and `option_names`
register the command and its options under it, and every other catalog gives Discord that
locale's `name_localizations`. Discord's rule for a name holds in every language: lower case,
no spaces, at most 32 characters (tests/i18n/test_command_names.py).
Messages name commands as their reader's language does: a catalog's `/move` must be that
catalog's own name for the command (the same test reads every message).
"""

MESSAGES: dict[str, str | dict[str, str]] = {
    # --- commands and subcommands: name.command.<the English path, dots between words>
    "name.command.game": "game",
    "name.command.game.new": "new",
    "name.command.game.settings": "settings",
    "name.command.game.join": "join",
    "name.command.game.leave": "leave",
    "name.command.game.rejoin": "rejoin",
    "name.command.game.add-bot": "add-bot",
    "name.command.game.start": "start",
    "name.command.game.status": "status",
    "name.command.game.log": "log",
    "name.command.game.resign": "resign",
    "name.command.game.abort": "abort",
    "name.command.game.limits": "limits",
    "name.command.game.export": "export",
    "name.command.game.replay": "replay",
    "name.command.move": "move",
    "name.command.hand": "hand",
    "name.command.board": "board",
    "name.command.undo": "undo",
    "name.command.games": "games",
    "name.command.stats": "stats",
    "name.command.leaderboard": "leaderboard",
    "name.command.rules": "rules",
    "name.command.help": "help",
    "name.command.notify": "notify",
    "name.command.away": "away",
    "name.command.away.set": "set",
    "name.command.away.off": "off",
    "name.command.sandbox": "sandbox",
    "name.command.sandbox.wait": "wait",
    "name.command.sandbox.channel": "channel",
    # --- options: one name wherever the option appears (name.option.<its English name>)
    "name.option.game": "game",
    "name.option.map": "map",
    "name.option.variant": "variant",
    "name.option.reminder_hours": "reminder_hours",
    "name.option.clock": "clock",
    "name.option.on_timeout": "on_timeout",
    "name.option.thread": "thread",
    "name.option.language": "language",
    "name.option.share": "share",
    "name.option.since": "since",
    "name.option.page": "page",
    "name.option.action": "action",
    "name.option.player": "player",
    "name.option.days": "days",
    "name.option.dm": "dm",
    "name.option.hours": "hours",
    "name.option.to": "to",
    "name.option.lobbies": "lobbies",
    "name.option.games": "games",
    "name.option.turn": "turn",
}
