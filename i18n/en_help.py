"""English strings that help a player find their way: private status and log with `share`, the
log's pages, the closest legal moves to a mistyped one, `/rules` and `/help` without a game, and
the game named at the head of a DM. Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str | dict[str, str]] = {
    # --- /game status and /game log: private unless shared
    "cmd.share": "Post it in the channel for everyone (nobody is pinged); by default only you see it",
    "cmd.game.log.page": "Which page of the whole game: 1 is the start (up to 15 moves a page)",
    "log.page": "**Moves {first}–{last} of {total}**",
    "log.no_page": "There is no page {page}: the log so far goes up to page {pages}.",
    "log.older": "◀ Older",
    "log.newer": "Newer ▶",
    # --- /game export and /game replay (service/history.py; docs/records.md, docs/replays.md)
    "cmd.game.export": "Download the game's record: during the game your own view of it (only you see it)",
    "cmd.game.replay": "The whole game so far as an animation, or one position with turn:",
    "cmd.game.replay.turn": "Show only the board after this turn (0 is the start)",
    "export.full": {
        "one": "📜 The record of **{title}**: {count} move, from its seed. `tabletop replay FILE` re-plays "
        "and re-scores it (docs/records.md).",
        "other": "📜 The record of **{title}**: {count} moves, from its seed. `tabletop replay FILE` re-plays "
        "and re-scores it (docs/records.md).",
    },
    "export.view": {
        "one": "📜 Your view of **{title}** so far: {count} move, with what the table was told and what you "
        "alone were shown. It holds nobody else's secrets and no seed; the full record comes once the "
        "game has ended. Keep it to yourself.",
        "other": "📜 Your view of **{title}** so far: {count} moves, with what the table was told and what "
        "you alone were shown. It holds nobody else's secrets and no seed; the full record comes once "
        "the game has ended. Keep it to yourself.",
    },
    "export.not_seated": "Only its players can export a game in play, each their own view of it; anyone can "
    "once it has ended.",
    "export.too_big": "The record is {size} MB, more than the {limit} MB this server takes: it cannot be attached.",
    "replay.caption": {
        "one": "🎞️ **{title}**: {count} turn, replayed.",
        "other": "🎞️ **{title}**: {count} turns, replayed.",
    },
    "replay.reduced": {
        "one": "To fit this server's upload limit it shows {count} position of {turns}.",
        "other": "To fit this server's upload limit it shows {count} positions of {turns}.",
    },
    "replay.position": "🎞️ **{title}** after turn {turn} of {last}.",
    "replay.no_turn": "There is no turn {turn}: this game goes from 0 (the start) to turn {last} so far.",
    "replay.too_big": "Even reduced, this game's replay is more than the {limit} MB this server takes: "
    "`/game replay turn:` shows any position.",
    # --- typed moves
    "error.move.closest": "{reason}\nClosest moves you can make now: {moves}",
    "move.closest_item": "`{notation}` ({label})",
    "move.closest_bare": "`{notation}`",
    # --- /rules and /help without a game
    "cmd.rules.game": "A game's rules, also where no game is being played",
    "rules.games": "There is no game in this channel. The games I can run (rules: `/rules game:`):",
    "rules.game_line": "• **{name}**, {low} to {high} players (`/rules game:{id}`): {blurb}",
    "rules.start": "Open a table with `/game new`. `/help` says how the bot works.",
    "rebirth.blurb": "place farm and settlement tiles on a map of Scotland or Ireland.",
    "revive.blurb": "lead a tribe: play cards, explore, build and populate as the ice recedes.",
    "cmd.help": "How this bot works and what each command does (only you see it)",
    "help.text": "**How this bot works**: a game lives in one channel (or thread) and goes on for days; "
    "you play when it is your turn, and the bot pings you then. Whatever only you may see comes "
    "privately.\n"
    "• `/game new` opens a table; `/game join` takes a seat; the creator starts with `/game start` "
    "(`/game add-bot level:` fills a seat with an AI player: easy, normal or strong; `/game new solo:True` "
    "plays alone against AI players at once).\n"
    "• `/move` plays: the list shows your legal moves with what each does; buttons answer quick "
    "questions.\n"
    "• `/hand`: your own pieces and secret cards. `/board`: the board. `/rules`: the rules and what you "
    "can do now.\n"
    "• `/game status` and `/game log`: the state and the moves, for you alone (`share:True` posts them).\n"
    "• `/game replay`: the whole game as an animation (`turn:` one position). `/game export`: the game's "
    "record as a file (during the game your own view of it).\n"
    "• `/games`: your games in this server. `/undo` takes back your last move while nobody has played since and it revealed nothing.\n"
    "• `/stats`: your games, wins, scores and rating here, with a chart (`player:` someone else's, `game:` "
    "a game's table); `/leaderboard game:` the server's ratings.\n"
    "• `/notify`, `/away`, `/game settings`: DMs, time away, reminders and the turn clock.\n"
    "• `/game leave` hands your seat to the fallback player; `/game resign` gives up; `/game abort` "
    "ends the game without a result.",
    # --- threads and DMs name the game
    # a DM's head: the body says what is asked (a turn, a vote, the final scores)
    "notify.dm_game": "🎲 **{title}** on {server}: {link}",
    "notify.dm_game_nameless": "🎲 **{title}**: {link}",
}
