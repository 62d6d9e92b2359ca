"""English strings for the limits on opening tables (service/limits.py): the rights a new table
needs, each person's caps on open tables in a server, and `/game limits`. Merged into i18n/en.py's
MESSAGES."""

MESSAGES: dict[str, str | dict[str, str]] = {
    "cmd.game.limits": "How many tables one person may keep open in this server (Manage Server changes it)",
    "cmd.game.limits.lobbies": "Lobbies one person may have open at once (opened, not started yet)",
    "cmd.game.limits.games": "Tables one person may sit at at once: lobbies and games in play",
    "error.limits.cannot_send": "You cannot send messages in this channel, so you cannot open a table in it. "
    "Use a channel where you can post.",
    "error.limits.no_thread_right": "You cannot create threads in this channel, so no thread or table was "
    "made. Run `/game new` without `thread:`, or ask for the Create Public Threads permission.",
    "error.limits.bot_no_thread_right": "I am not allowed to create threads in this channel (Create Public "
    "Threads and Send Messages in Threads), so no thread or table was made. Run `/game new` without "
    "`thread:`, or ask a server manager to give me those permissions.",
    "error.limits.lobbies": {
        "one": "You already have an open lobby in this server, and the limit here is {count} per person "
        "(yours: {where}). Start it with `/game start`, or close it with `/game abort` in its channel, "
        "to open another.",
        "other": "You already have {count} open lobbies in this server, the limit here per person (yours: "
        "{where}). Start one with `/game start`, or close one with `/game abort` in its channel, to open "
        "another.",
    },
    "error.limits.games": {
        "one": "You already sit at an open table in this server (a lobby or a game in play), and the limit "
        "here is {count} per person. A place frees up when that game ends, or when you leave it "
        "(`/game leave`, `/game resign`) or close your lobby (`/game abort`).",
        "other": "You already sit at {count} open tables in this server (lobbies and games in play), the "
        "limit here per person. A place frees up when one of those games ends, or when you leave one "
        "(`/game leave`, `/game resign`) or close a lobby of yours (`/game abort`). `/games` lists them.",
    },
    "error.limits.rights": "Only someone who can manage this server (Manage Server) can change its limits. "
    "`/game limits` without options shows them.",
    "error.limits.range": "A limit is a whole number: 1 to {lobbies} lobbies, 1 to {games} tables.",
    "limits.changed": "Saved. Tables already open stay open; the new limits apply to the next one.",
    "limits.shown": "**Limits in this server**, per person: {lobbies} ({lobbies_source}) and {games} "
    "({games_source}). Someone with Manage Server changes them with `/game limits lobbies: games:`.",
    "limits.lobbies": {"one": "{count} open lobby", "other": "{count} open lobbies"},
    "limits.games": {
        "one": "{count} table at once, lobbies and games in play",
        "other": "{count} tables at once, lobbies and games in play",
    },
    "limits.set_here": "set here",
    "limits.by_default": "the default",
}
