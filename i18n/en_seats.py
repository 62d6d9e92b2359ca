"""English strings for seats and the table's buttons: a seat taken back from the fallback player,
the vote that hands a seat over when its clock ran out, the lobby's buttons (join, leave, add a
bot, start) and the rematch. Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str | dict[str, str]] = {
    "cmd.game.rejoin": "Take your seat back from the fallback player while the game runs",
    "seat.rejoin_hint": "Changed your mind? `/game rejoin` or the button below gives the seat back while "
    "the game runs.",
    "seat.rejoin_hint_for": "{user}, `/game rejoin` or the button below gives you your seat back while the "
    "game runs.",
    "seat.rejoined": "↩️ {tag} takes the seat back: the fallback player no longer plays it.",
    "error.rejoin_seated": "You still hold your seat: there is nothing to take back.",
    "error.rejoin_over": "This game is over: its seats can no longer be taken back.",
    "clock.vote_counted": "🗳️ {user} votes to hand the seat of {tag} to the fallback player. "
    "Votes still needed: {missing} (a majority is {needed}).",
    "clock.voted_already": "You have already voted to hand this seat over. Votes still needed: {missing}.",
    "clock.handed_over": "🗳️ The seat of {tag} was handed over by vote (votes: {votes} of {count}): "
    "the fallback player plays that seat from now on.",
    "button.join": "Join",
    "button.leave": "Leave",
    "button.bot": "Add bot",
    "button.start": "Start",
    "button.rejoin": "Take my seat back",
    "button.rematch": "Rematch",
    "button.board": "🗺️ Whole board",
    "button.player_board": "📋 Full player board",
    "error.table_button_stale": "This button belongs to an earlier table in this channel, so nothing was done.",
    "error.button_elsewhere": "This button belongs to a game of another channel, so nothing was done.",
    "error.leave_button_started": "The game has started, so this lobby button does nothing now. "
    "`/game leave` hands your seat to the fallback player.",
    "error.rematch_not_player": "Only someone who played this game can open its rematch.",
    "lobby.rematch": "{user} opened a rematch of **{game}** here, with the same settings. {user} starts it "
    "with `/game start` or **Start**.",
    "lobby.rematch_invite": {
        "one": "{players}: you played the last game. To play again, join with `/game join` or **Join**.",
        "other": "{players}: you played the last game. To play again, join with `/game join` or **Join**.",
    },
}
