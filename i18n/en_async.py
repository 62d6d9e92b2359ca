"""English strings for the asynchronous life of games (issue 6): catch-up, `/games`, undo,
reminders, away. Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str] = {
    "catch_up.title": "**Since your last move** ({count} moves):",
    "log.since_title": "**Since your last move:**",
    "log.nothing_since": "Nothing has happened since your last move.",
    "cmd.game.log.since": "Show everything since your own last move",
    "cmd.games": "Your games in this server, the ones waiting on you first",
    "games.none": "You have no game in progress in this server.",
    "games.title": "**Your games** ({count}):",
    "games.yours": "👉 **{title}**: your turn since {since} · {link}",
    "games.theirs": "**{title}**: {user} to move since {since} · {link}",
    "games.lobby": "**{title}**: lobby with {count} seated · {link}",
}
