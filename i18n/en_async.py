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
    "cmd.undo": "Take back your last move, if nobody has acted since and it revealed nothing",
    "undo.nothing": "There is no move to take back yet.",
    "undo.not_last": "You can only take back your own move, and only while it is the last one made.",
    "undo.resigned": "A resignation cannot be taken back.",
    "undo.revealed_tile": "That move turned up a face-down tile for everyone to see, so it cannot be taken back.",
    "undo.revealed_card": "That move drew from a pile and showed everyone a new card, machine or module, "
    "so it cannot be taken back.",
    "undo.revealed_crate": "That move opened a crate for everyone to see, so it cannot be taken back.",
    "undo.done": "↩️ {user} took back: {what}",
    "undo.again": "It is {user}'s move again.",
}
