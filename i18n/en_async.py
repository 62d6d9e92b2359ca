"""English strings for the asynchronous life of games (issue 6): catch-up, `/games`, undo,
reminders, away. Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str] = {
    "catch_up.title": "**Since your last move** ({count} moves):",
    "log.since_title": "**Since your last move:**",
    "log.nothing_since": "Nothing has happened since your last move.",
    "cmd.game.log.since": "Show everything since your own last move",
}
