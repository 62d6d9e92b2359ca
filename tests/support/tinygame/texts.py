"""Hexlink's words, carried by the game itself (`GameSpec.texts`, read by `i18n.t` after the bot's
own catalogs): a game that lives outside the bot's packages needs no entry in i18n/ or the PO
files. Every key starts with the game's id; a text that counts has its CLDR plural forms."""

from __future__ import annotations

ENGLISH: dict[str, str | dict[str, str]] = {
    "hexlink.title": "Hexlink",
    "hexlink.blurb": "link your two sides of a small hex board, two hidden tiles in hand.",
    "hexlink.narrow": {"one": "{count} move: type a hex (C3)", "other": "{count} moves: type a hex (C3)"},
    "hexlink.start": "**Hexlink** begins!",
    "hexlink.start_seat": "{tag} links {goal}",
    "hexlink.goal.rows": "the top row to the bottom row",
    "hexlink.goal.columns": "the left column to the right column",
    "hexlink.first": "{user} goes first.",
    "hexlink.tile.single": "a single tile",
    "hexlink.tile.double": "a double tile",
    "hexlink.label.single": "claim {hexes}, +{points}",
    "hexlink.label.double": "claim {hexes} with a double, +{points}",
    "hexlink.label.discard": "discard a double: no two free hexes touch",
    "hexlink.event.single": "{who} claimed **{hexes}**.",
    "hexlink.event.double": "{who} claimed **{hexes}** with a double.",
    "hexlink.event.linked": "🔗 {who} linked their sides!",
    "hexlink.event.discard": "{who} discarded a double: no two free hexes touch.",
    "hexlink.event.resign": "{who} resigned.",
    "hexlink.count.hexes": {"one": "{count} hex", "other": "{count} hexes"},
    "hexlink.count.hand": {"one": "{count} tile in hand", "other": "{count} tiles in hand"},
    "hexlink.count.bag": {"one": "{count} tile left in the bag", "other": "{count} tiles left in the bag"},
    "hexlink.final.title": "**Final scores**",
    "hexlink.final.line": "{tag}: **{score}** ({hexes})",
    "hexlink.final.resigned": "(resigned)",
    "hexlink.final.link": "🏆 {winners} linked their sides and wins.",
    "hexlink.status.turn": "**{title}** · turn {turn} · {user} to move since {since}",
    "hexlink.status.finished": "**{title}** · finished",
    "hexlink.status.seat": "{tag}: {score} · {hexes} · {hand}",
    "hexlink.caption": "**{title}** · turn {turn} · {user} to move",
    "hexlink.private.drew": "You drew {tile}.",
    "hexlink.hand.title": "Your hand: you link {goal}.",
    "hexlink.hand.tiles": "In hand: {tiles}.",
    "hexlink.hand.empty": "Your hand is empty.",
    "hexlink.rules.summary": (
        "**Hexlink**: on your turn, place a tile from your hand (a single claims one free hex, a "
        "double two touching ones) and draw the next. Link your two sides to win; when every tile "
        "is played, the most hexes wins."
    ),
    "hexlink.rules.now": {
        "one": "Your turn: {count} legal move (`/move`).",
        "other": "Your turn: {count} legal moves (`/move`).",
    },
    "hexlink.rules.waiting": "Not your turn: wait for the ping.",
    "hexlink.error.malformed": (
        "“{text}” is not a move: type a hex like C3, or two touching hexes like C3-D3."
    ),
    "hexlink.error.single": "You cannot claim {hexes}: it is taken, or you hold no single tile.",
    "hexlink.error.double": (
        "You cannot claim {hexes}: a double needs two touching free hexes, and a double in hand."
    ),
    "hexlink.error.discard": "You can still place a tile, so you cannot discard.",
    "hexlink.undo.drew": "That move drew your next tile and showed it to you, so it cannot be taken back.",
}

PORTUGUESE: dict[str, str | dict[str, str]] = {
    "hexlink.title": "Hexlink",
    "hexlink.blurb": (
        "ligue os seus dois lados de um pequeno tabuleiro de hexágonos, com duas peças ocultas na mão."
    ),
    "hexlink.narrow": {
        "one": "{count} jogada: digite um hexágono (C3)",
        "other": "{count} jogadas: digite um hexágono (C3)",
    },
    "hexlink.start": "**Hexlink** começou!",
    "hexlink.start_seat": "{tag} liga {goal}",
    "hexlink.goal.rows": "a linha de cima à linha de baixo",
    "hexlink.goal.columns": "a coluna da esquerda à coluna da direita",
    "hexlink.first": "{user} começa.",
    "hexlink.tile.single": "uma peça simples",
    "hexlink.tile.double": "uma peça dupla",
    "hexlink.label.single": "ocupar {hexes}, +{points}",
    "hexlink.label.double": "ocupar {hexes} com uma dupla, +{points}",
    "hexlink.label.discard": "descartar uma dupla: não há dois hexágonos livres vizinhos",
    "hexlink.event.single": "{who} ocupou **{hexes}**.",
    "hexlink.event.double": "{who} ocupou **{hexes}** com uma dupla.",
    "hexlink.event.linked": "🔗 {who} ligou os seus lados!",
    "hexlink.event.discard": "{who} descartou uma dupla: não há dois hexágonos livres vizinhos.",
    "hexlink.event.resign": "{who} desistiu.",
    "hexlink.count.hexes": {"one": "{count} hexágono", "other": "{count} hexágonos"},
    "hexlink.count.hand": {"one": "{count} peça na mão", "other": "{count} peças na mão"},
    "hexlink.count.bag": {"one": "{count} peça no saco", "other": "{count} peças no saco"},
    "hexlink.final.title": "**Pontuação final**",
    "hexlink.final.line": "{tag}: **{score}** ({hexes})",
    "hexlink.final.resigned": "(desistiu)",
    "hexlink.final.link": "🏆 {winners} ligou os seus lados e venceu.",
    "hexlink.status.turn": "**{title}** · rodada {turn} · vez de {user} desde {since}",
    "hexlink.status.finished": "**{title}** · terminado",
    "hexlink.status.seat": "{tag}: {score} · {hexes} · {hand}",
    "hexlink.caption": "**{title}** · rodada {turn} · vez de {user}",
    "hexlink.private.drew": "Você tirou {tile}.",
    "hexlink.hand.title": "Sua mão: você liga {goal}.",
    "hexlink.hand.tiles": "Na mão: {tiles}.",
    "hexlink.hand.empty": "Sua mão está vazia.",
    "hexlink.rules.summary": (
        "**Hexlink**: na sua vez, coloque uma peça da mão (uma simples ocupa um hexágono livre, uma "
        "dupla dois vizinhos) e tire a próxima. Ligue os seus dois lados para vencer; quando todas "
        "as peças forem jogadas, vence quem tiver mais hexágonos."
    ),
    "hexlink.rules.now": {
        "one": "Sua vez: {count} jogada possível (`/move`).",
        "other": "Sua vez: {count} jogadas possíveis (`/move`).",
    },
    "hexlink.rules.waiting": "Não é a sua vez: espere a menção.",
    "hexlink.error.malformed": (
        "“{text}” não é uma jogada: digite um hexágono como C3, ou dois vizinhos como C3-D3."
    ),
    "hexlink.error.single": "Você não pode ocupar {hexes}: já está ocupado, ou você não tem peça simples.",
    "hexlink.error.double": (
        "Você não pode ocupar {hexes}: uma dupla precisa de dois hexágonos livres vizinhos, "
        "e de uma dupla na mão."
    ),
    "hexlink.error.discard": "Você ainda pode colocar uma peça, então não pode descartar.",
    "hexlink.undo.drew": (
        "Essa jogada tirou a sua próxima peça e a mostrou a você, então não pode ser desfeita."
    ),
}

TEXTS = {"en": ENGLISH, "pt-BR": PORTUGUESE}
