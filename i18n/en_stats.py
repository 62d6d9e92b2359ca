"""English strings of `/stats` and `/leaderboard` (service/stats.py), and the words drawn in the
rating chart (render/chart.py). Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str | dict[str, str]] = {
    # --- the commands
    "cmd.stats": "Games, wins, scores and rating of a player in this server, or a game's table here",
    "cmd.stats.player": "Whose stats (default: yours)",
    "cmd.stats.game": "One game only; without a player, the server's table of that game",
    "cmd.leaderboard": "This server's ratings in one game, best first",
    "cmd.leaderboard.game": "Which game's ratings",
    "cmd.leaderboard.page": "Which page (10 players a page)",
    # --- a player's stats
    "stats.head": "**Stats of {user}** in this server",
    "stats.none": "{user} has not played a game in this server yet.",
    "stats.none_in": "{user} has not played **{game}** in this server yet.",
    "stats.game": "**{game}**: {counts}",
    "stats.played": {"one": "{count} game played", "other": "{count} games played"},
    "stats.finished": {"one": "{count} finished", "other": "{count} finished"},
    "stats.wins": {"one": "{count} win", "other": "{count} wins"},
    "stats.resigned": {"one": "{count} resigned", "other": "{count} resigned"},
    "stats.abandoned": {"one": "{count} abandoned", "other": "{count} abandoned"},
    "stats.rating": "Rating **{rating}**, #{rank} of {players}",
    "stats.provisional": "provisional",
    "stats.unrated": "Not rated yet: a game is rated when it ends with another player at the table.",
    "stats.mean": "Mean score **{mean}**",
    "stats.mean_board": "{board} {mean} ({count})",
    "stats.median_move": "Median time to move: **{time}**",
    "stats.favourite": "Favourite {side}: **{faction}** ({count} of {games})",
    "stats.chart_note": "The chart: rating after each rated game (line) and score in each game (dots; ★ won).",
    # --- a game's table in the server
    "stats.table.head": {
        "one": "**{game} in this server**: {count} finished game",
        "other": "**{game} in this server**: {count} finished games",
    },
    "stats.table.none": "No game of **{game}** has finished in this server yet.",
    "stats.table.top": "Top players: {players}",
    "stats.table.top_item": "{rank}. {player} {rating}",
    "stats.table.average": "Average score of a person: **{mean}**",
    "stats.table.longest": "Longest game: {moves} moves over {time}, {players}",
    "stats.table.sides": "{side} win rates (people's seats): {sides}",
    "stats.table.side_item": "{faction} {share} ({wins}/{count})",
    "stats.ai": "🤖 {level}",
    "stats.side.default": "side",
    "revive.stats.side": "tribe",
    "revive.stats.sides": "Tribe",
    "stats.sides.default": "Side",
    # --- the leaderboard
    "leaderboard.head": "**{game} ratings in this server** · page {page} of {pages}",
    "leaderboard.line": "{rank}. {player} **{rating}** · {games}",
    "leaderboard.games": {"one": "{count} game", "other": "{count} games"},
    "leaderboard.provisional": " · *provisional*",
    "leaderboard.previous": "◀ Previous",
    "leaderboard.next": "Next ▶",
    "leaderboard.none": "Nobody has a **{game}** rating in this server yet: a game is rated when it ends "
    "with another player at the table.",
    "leaderboard.no_page": "There is no page {page}: the table has {pages}.",
    "leaderboard.how": "Rating: mu − 3σ (OpenSkill), what a player is almost surely above; *provisional* "
    "until a few games say more.",
    # --- the chart
    "chart.title": "{name} · {game}",
    "chart.rating": "Rating",
    "chart.score": "Score",
    "chart.games": {"one": "{count} game", "other": "{count} games"},
    "chart.none": "no rated game yet",
    "chart.won": "★ won",
}
