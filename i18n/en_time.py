"""English strings for time in a game that goes on for days: catch-ups and the log since one's
last move, `/games`, undo, the fallback player who plays a seat nobody plays, reminders, turn
clocks, time away, DM notifications, the table's settings and the choices `/game new` and
`/game settings` offer. Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str | dict[str, str]] = {
    "catch_up.title": {
        "one": "{user}, **before that, since your last move** ({count} move):",
        "other": "{user}, **before that, since your last move** ({count} moves):",
    },
    "story.earlier": {
        "one": "… (1 earlier turn: see `/game log`)",
        "other": "… ({count} earlier turns: see `/game log`)",
    },
    "log.since_title": "**Since your last move:**",
    "log.nothing_since": "Nothing has happened since your last move.",
    "cmd.game.log.since": "Show everything since your own last move",
    "cmd.games": "Your games in this server, the ones waiting on you first",
    "games.none": "You have no game in progress in this server.",
    "games.title": "**Your games** ({count}):",
    "games.yours": "👉 **{title}**: your turn since {since} · {link}",
    "games.theirs": "**{title}**: {user} to move since {since} · {link}",
    "games.lobby": {
        "one": "**{title}**: lobby with {count} seated · {link}",
        "other": "**{title}**: lobby with {count} seated · {link}",
    },
    "cmd.undo": "Take back your last move, if nobody has acted since and it revealed nothing",
    "undo.nothing": "There is no move to take back yet.",
    "undo.not_last": "You can only take back your own move, and only while it is the last one made.",
    "undo.resigned": "A resignation cannot be taken back.",
    "undo.revealed_tile": "That move turned up a face-down tile for everyone to see, so it cannot be taken back.",
    "undo.revealed_card": "That move drew from a pile and showed everyone a new card, machine or module, "
    "so it cannot be taken back.",
    "undo.revealed_crate": "That move opened a crate for everyone to see, so it cannot be taken back.",
    "undo.drew_crate": "That move took a crate from the face-down pile and showed you what it is, "
    "so it cannot be taken back.",
    "undo.drew_tile": "That move drew your next tile and showed it to you, so it cannot be taken back: "
    "you would place again knowing it.",
    "undo.drew_mission": "That move drew a mission card from the face-down pile, so it cannot be taken back.",
    "undo.done": "↩️ {user} took back: {what}",
    "undo.again": "It is {user}'s move again.",
    "fallback.name": "Fallback bot {number}",
    "seat.handed_over_name": "{name} (bot)",  # in images: a seat the fallback player took over
    "fallback.played": "🤖 The fallback player played for {tag}:",
    "fallback.took_over": "{tag} left the game: the fallback player plays that seat from now on.",
    "fallback.nobody_left": "Nobody is left to play: every seat still in the game is held by the fallback player, so the game "
    "ends here, without a result. The channel is free for `/game new`.",
    "lobby.idle_closed": {
        "one": "⌛ {user}, your **{game}** table closed before it started: nothing happened in its lobby "
        "for {count} day (nobody joined, left or changed a setting). The channel is free: anyone can "
        "open a new table with `/game new`.",
        "other": "⌛ {user}, your **{game}** table closed before it started: nothing happened in its lobby "
        "for {count} days (nobody joined, left or changed a setting). The channel is free: anyone can "
        "open a new table with `/game new`.",
    },
    "lobby.bot_added": "🤖 {name} takes a seat (the fallback player).",
    "error.already_bot": "The fallback player already plays your seat.",
    "error.seat_handed_over": "You left this game: the fallback player holds your seat now, so its moves "
    "and its resignation are no longer yours.",
    "cmd.game.add_bot": "Fill an empty seat with the fallback player (creator only)",
    "settings.rights": "Only the game's creator or a channel manager can change its settings.",
    "settings.invalid": "Those settings are not possible: reminders every 0 or more hours, a clock of some days.",
    "settings.reminders_too_often": "Reminders come at most once an hour: choose {hours} hour or more, "
    "or 0 to turn them off. Nothing was changed.",
    "settings.reminders": "⏰ Reminders every {hours} h without a move.",
    "settings.no_reminders": "⏰ No reminders.",
    "settings.clock.fallback": {
        "one": "⌛ Turn clock: {days} day; when it runs out, the fallback player plays that turn.",
        "other": "⌛ Turn clock: {days} days; when it runs out, the fallback player plays that turn.",
    },
    "settings.clock.vote": {
        "one": "⌛ Turn clock: {days} day; when it runs out, the others choose: wait a day, "
        "or hand the seat to the fallback player.",
        "other": "⌛ Turn clock: {days} days; when it runs out, the others choose: wait a day, "
        "or hand the seat to the fallback player.",
    },
    "settings.no_clock": "No turn clock.",
    "notify.on": "You will also get a DM when it is your turn (with the board and a link).",
    "notify.off": "No more DMs: the channel mention stays.",
    "notify.failed": "I could not DM you about your turn (your DMs are closed to me), so you will "
    "only get the channel mention. `/notify dm:off` stops the attempts.",
    "away.on": "You are away until {until}: your clocks and reminders pause in every game of this server.",
    "away.off": "Welcome back: your clocks and reminders run again.",
    "away.note": "{user} is away until {until}.",
    "reminder.text": "⏰ {user}, it is your move in **{title}** (since {since}). Next reminder {next}.",
    "reminder.clock": "⌛ The turn clock runs out {deadline}.",
    "reminder.mute": "Mute reminders for this turn",
    "reminder.muted": "No more reminders for this turn.",
    "reminder.not_yours": "Only the player to move can mute their reminders.",
    "clock.deadline": "⌛ This turn's clock runs out {deadline}.",
    "clock.ran_out": "⌛ The turn clock of {user} ran out: the fallback player plays this turn.",
    "clock.vote": "⌛ {others}: the turn clock of {user} ran out. Wait one more day, or hand the seat "
    "to the fallback player?",
    "clock.vote_majority": "Handing it over takes a majority of you: {needed} of {count}.",
    "clock.wait": "Wait one more day",
    "clock.handover": "Hand the seat to the fallback player",
    "clock.waiting": "{user} chose to wait one more day.",
    "clock.waited_already": "You already asked for a wait this turn: it is one more day per person, "
    "so nothing changed.",
    "clock.not_yours": "Only the other players of this game can decide this.",
    "cmd.notify": "Also get a DM when it is your turn",
    "cmd.notify.dm": "on or off",
    "cmd.away": "Pause your clocks and reminders in this server",
    "cmd.away.set": "Be away for some days",
    "cmd.away.set.days": "How many days",
    "cmd.away.off": "You are back: your clocks and reminders run again",
    "cmd.game.settings": "Reminders and turn clock of this channel's game (creator)",
    "cmd.game.reminder_hours": "Remind the player to move after this many hours (at least 1; 0: never; default 24)",
    "cmd.game.clock": "Days per move before the turn clock runs out (none by default)",
    "cmd.game.on_timeout": "When the clock runs out: the fallback player plays, or the others choose",
    "cmd.game.thread": "Open the game in a new thread of this channel",
    "cmd.game.language": "The language of the game's channel messages and images (default: the server's)",
    "settings.language": "🌐 {language}.",
    "settings.language_unknown": "There is no {language} translation yet: choose one of the list.",
    "choice.clock.0": "none",
    "choice.clock.1": "1 day",
    "choice.clock.2": "2 days",
    "choice.clock.3": "3 days",
    "choice.clock.5": "5 days",
    "choice.clock.7": "7 days",
    "choice.clock.14": "14 days",
    "choice.on_timeout.fallback": "the fallback player plays that turn",
    "choice.on_timeout.vote": "the others choose: wait or hand the seat over",
    "choice.since.my-last-move": "my last move",
    "choice.dm.on": "on",
    "choice.dm.off": "off",
    "choice.map.scotland": "Scotland",
    "choice.map.ireland": "Ireland (advanced)",
    "choice.variant.standard": "As the rules (one unused colour's neutral tiles)",
    "choice.variant.dense": "Dense 2-player board (ours: two colours' neutral tiles)",
    "game.thread_opened": "{user} opened a **{title}** table in {thread}.",
}
