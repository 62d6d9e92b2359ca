"""The text of `/move`: what a player types or picks, read forgivingly and for any game, and
what the autocomplete offers for it.

- **Typed**: what the engine cannot read is matched against the caller's legal moves by their
  own label text, and what still matches nothing is refused with the three closest legal moves.
  Each engine reads its own notation in any case and spacing (`engine/revive/game.py`
  `typed_move`, Rebirth's `_TYPED`); this module adds what needs the labels, which are in the
  caller's language, and so only the service has: a copied button or list label, and the
  suggestions in a refusal. The move stored is always the engine's own notation.
- **Offered**: the list narrowed by what is typed so far (`offered_for`, `listed`). A line that
  only explains (nothing matches; more moves than the list shows) is a choice of its own whose
  value is no move (`explaining`): picking it plays nothing.
- **Submitted**: a move offered by autocomplete carries the game and version it was offered at,
  so a double submit applies once (`offered`, `submitted`).
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from engine.base import AnyGame, Applied
from engine.errors import IllegalMove, MalformedMove
from i18n import has, t
from presenters.errors import error_text
from presenters.protocol import MoveChoice

CLOSEST = 3  # legal moves suggested when a typed move cannot be read
LABEL_LIMIT = 100  # Discord's limit on an autocomplete choice's name
TYPED_SHOWN = 40  # how much of the typed text a line that explains repeats
EXPLAINS = "?"  # starts the value of a choice that only explains: no game's notation does

Distance = Callable[[str, str], int | None]
"""How many steps apart two board places are, None when either is none (the engine's
`distance` for one state)."""
_WORD = re.compile(r"\+?[^\W_][\w.]*")  # a word, a leading `+` kept (`+3`), inner dots too
_SCORE = re.compile(r"^\+(\d+)$")


def apply_typed(
    engine: AnyGame,
    state: Any,
    seat: int,
    text: str,
    choices_in: Callable[[str | None], list[MoveChoice]],
    locale: str | None,
    table_locale: str | None = None,
) -> Applied[Any, Any]:
    """Apply what the caller typed: the engine's notation (in any case and spacing), or a legal
    move's label as the list or a button shows it (`choices_in(locale)`: `seat`'s legal moves
    labelled in a language), in the caller's language or the table's (`table_locale`: a channel
    prompt in the game's language is typed by everyone at the table). Refused, with the closest
    legal moves added to the engine's reason, when it is neither: nearest on the board first
    when it names a place (`J18` taken: the spaces around J18)."""
    try:
        return engine.apply(state, seat, text)
    except (MalformedMove, IllegalMove) as error:
        choices = choices_in(locale)
        if not choices:
            raise
        chosen = by_label(text, choices)
        if chosen is None and table_locale is not None and table_locale != locale:
            chosen = by_label(text, choices_in(table_locale))
        if chosen is not None:
            return engine.apply(state, seat, chosen.notation)
        distance = functools.partial(engine.distance, state)
        raise type(error)(
            "error.move.closest",
            reason=error_text(error, locale),
            moves=closest_text(text, choices, locale, distance),
        ) from None


def by_label(text: str, choices: list[MoveChoice]) -> MoveChoice | None:
    """The one choice whose label `text` is, however spaced or cased: the whole label, the label
    without the preview a list or button adds in brackets (`explore S7 (−2 food, +3 pts)`), or
    the start of a label cut with `…`."""
    typed = _words(text)
    shown: dict[str, list[MoveChoice]] = {}
    for choice in choices:
        shown.setdefault(_words(choice.label), []).append(choice)
    for candidate in (typed, _without_preview(typed)):
        if candidate and len(shown.get(candidate, [])) == 1:
            return shown[candidate][0]
    if typed.endswith("…") and len(typed) > 10:
        started = [same for label, same in shown.items() if label.startswith(typed[:-1].rstrip())]
        if len(started) == 1 and len(started[0]) == 1:
            return started[0][0]
    return _the_one_label_begun(text, choices)


def _the_one_label_begun(text: str, choices: list[MoveChoice]) -> MoveChoice | None:
    """The one choice whose label begins with the typed words (whole words, four letters or more
    in one of them) and that the typed words name wholly: a move of one word (Revive's `end`,
    "encerrar a sua vez") or one whose every argument is typed too (`abrir o caixote c2` is
    `open C2`). A label's words are the way to type a move in any language, while a bare verb
    (`explorar`) never picks the space, card or crate for the player, nor a short typo a move."""
    tokens = _tokens(text)
    if not tokens or max(sum(char.isalpha() for char in token) for token in tokens) < 4:
        return None
    begun = [
        choice
        for choice in choices
        if _tokens(choice.label)[: len(tokens)] == tokens
        and all(argument in tokens for argument in _tokens(choice.notation)[1:])
    ]
    return begun[0] if len(begun) == 1 else None


def offered_for(text: str, choices: list[MoveChoice]) -> list[MoveChoice]:
    """The choices that match what is typed so far, in the engine's order (best first); empty
    when none does (then `listed` says so, never offering a move the text did not ask for).

    A choice matches when its notation starts with what is typed, however spaced or cased
    (`play b2 top` finds `play B2 top_left`, `f7x2` finds `F7 x2`), or when every typed word
    matches it (`narrows`): `Munster +3`, `explore`, `B3`, `Urq`. When none does, the choices
    whose label holds the text (never for a score: `+3` is exactly 3)."""
    typed, spelled, tokens = _words(text), _spelling(text), _tokens(text)
    if not typed:
        return list(choices)
    found = [
        choice
        for choice in choices
        if _spelling(choice.notation).startswith(spelled) or (tokens and narrows(tokens, choice))
    ]
    if found or any(_SCORE.match(token) for token in tokens):
        return found
    return [choice for choice in choices if typed in _words(choice.label)]


def narrows(tokens: list[str], choice: MoveChoice) -> bool:
    """Whether every typed word matches `choice` (docs/architecture.md "Typed moves and /move's list"):

    - `+3` is the moves that score exactly 3 now, when the engine says what each scores
      (`MoveChoice.points`; otherwise it is a word like any other);
    - a single letter starts a word of the notation only: in Rebirth `F` is the F column, not
      every food farm;
    - any other word starts a word of the notation, the label (a region, a tile, `castle`,
      a card, a space) or the names that find the choice unshown (`MoveChoice.names`: the
      castles, settlements and missions a Rebirth space touches), a number in it whole: `S1`
      finds `S1.0`, not `S12`.
    """
    notation, label = _tokens(choice.notation), _tokens(choice.label)
    named = _tokens(" ".join(choice.names))
    for token in tokens:
        score = _SCORE.match(token)
        if score and choice.points is not None:
            if choice.points != int(score[1]):
                return False
            continue
        words = notation if len(token) == 1 and token.isalpha() else notation + label + named
        if not any(_starts(word, token) for word in words):
            return False
    return True


def listed(
    typed: str,
    choices: list[MoveChoice],
    hint: str,
    locale: str | None,
    distance: Distance,
    limit: int,
    previewed: Callable[[list[MoveChoice]], list[MoveChoice]],
) -> list[MoveChoice]:
    """What `/move`'s list shows for `typed` (at most `limit` choices): the moves that match,
    best first, with what each would change (`previewed`, only for those shown).

    - **More than fit**: the first `limit - 1` moves, then a line of its own saying how many
      there are and how to narrow them (`hint`, the game's translation key; `move.narrow_more`
      once something is typed). The best move stays first and whole.
    - **None match**: the first line says so (`+3` when no move scores 3: which scores there
      are), and after it, when the text names a board place, the legal moves nearest it.
    Either line's value is no move (`explaining`): picked, it plays nothing. No legal move at
    all (not the caller's turn) is an empty list."""
    if not choices:
        return []
    found = offered_for(typed, choices)
    if not found:
        near = nearest(typed, choices, distance, CLOSEST)
        return [_nothing_matches(typed, choices, bool(near), locale), *previewed(near)]
    if len(found) <= limit:
        return previewed(found)
    note = t(hint if not typed.strip() else "move.narrow_more", locale, count=len(found))
    more = MoveChoice(explaining(typed), _fit(t("move.more_line", locale, hint=note)))
    return [*previewed(found[: limit - 1]), more]


def _nothing_matches(typed: str, choices: list[MoveChoice], near: bool, locale: str | None) -> MoveChoice:
    """The line that says nothing matches `typed`: for a lone score, the scores there are; for a
    board place, that the nearest moves follow."""
    tokens = _tokens(typed)
    score = _SCORE.match(tokens[0]) if len(tokens) == 1 else None
    scores = sorted({choice.points for choice in choices if choice.points is not None})
    shown = " ".join(typed.split())
    shown = shown if len(shown) <= TYPED_SHOWN else shown[: TYPED_SHOWN - 1].rstrip() + "…"
    if score and scores:
        listing = ", ".join(f"+{points}" for points in scores)
        label = t("move.no_score", locale, points=int(score[1]), scores=listing)
    else:
        label = t("move.none_near" if near else "move.none_match", locale, typed=shown)
    return MoveChoice(explaining(typed), _fit(label))


def explaining(typed: str) -> str:
    """The value of a line that only explains the list for `typed`: no move, and the text it
    was shown for, so picking it can be answered with the same explanation."""
    return (EXPLAINS + " ".join(typed.split()))[:VALUE_LIMIT]


def explained(value: str) -> str | None:
    """The typed text a submitted explaining line was shown for; None for a move."""
    return value.strip()[len(EXPLAINS) :] if value.strip().startswith(EXPLAINS) else None


def _fit(label: str) -> str:
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1].rstrip() + "…"


def narrow_hint(game_id: str) -> str:
    """The translation key of the hint for a game (`<game>.narrow`), or the generic one."""
    key = f"{game_id}.narrow"
    return key if has(key) else "move.narrow"


def closest(
    text: str, choices: list[MoveChoice], count: int = CLOSEST, distance: Distance | None = None
) -> list[MoveChoice]:
    """The `count` legal moves nearest `text`: when it names a board place (`distance`), those
    nearest that place on the board (`nearest`), then the rest; otherwise, and for the rest, by
    how alike they are spelled (difflib's ratio, by notation or by label)."""
    near = nearest(text, choices, distance, count) if distance is not None else []
    typed = _words(text)

    def likeness(choice: MoveChoice) -> float:
        return max(
            difflib.SequenceMatcher(None, typed, _words(shown)).ratio()
            for shown in (choice.notation, choice.label)
        )

    rest = [(index, choice) for index, choice in enumerate(choices) if choice not in near]
    ranked = sorted(rest, key=lambda item: (-likeness(item[1]), item[0]))
    return [*near, *(choice for _, choice in ranked)][:count]


def nearest(text: str, choices: list[MoveChoice], distance: Distance, count: int) -> list[MoveChoice]:
    """The `count` legal moves nearest on the board to the place `text` names (`J18`, `build
    small S1.3`); none when it names no place. Among equally near moves, those whose other
    words are most like the text's other words (`build small`), then the engine's best first."""
    places = [place for choice in choices if choice.facts for place in choice.facts.places]
    named = next(
        (
            candidate
            for candidate in (text.strip(), *text.split())
            if candidate and places and distance(candidate, places[0]) is not None
        ),
        None,
    )
    if named is None:
        return []
    rest = _words(text.replace(named, " ", 1))

    def steps(choice: MoveChoice) -> float:
        away = [distance(named, place) for place in (choice.facts.places if choice.facts else ())]
        return min((step for step in away if step is not None), default=_FAR)

    def likeness(choice: MoveChoice) -> float:
        if not rest:
            return 0.0
        own = choice.facts.places if choice.facts else ()
        words = " ".join(word for word in choice.notation.split() if word not in own)
        return difflib.SequenceMatcher(None, rest, _words(words)).ratio()

    ranked = sorted(
        ((steps(choice), -likeness(choice), index, choice) for index, choice in enumerate(choices)),
        key=lambda item: item[:3],
    )
    return [choice for away, _, _, choice in ranked[:count] if away != _FAR]


_FAR = float("inf")


def closest_text(
    text: str, choices: list[MoveChoice], locale: str | None, distance: Distance | None = None
) -> str:
    """`switch gear` (switch token: +1 gear), `F8` (energy farm, +3): each notation with its
    label (a label that starts with the notation, set apart, says it once)."""
    items = []
    for choice in closest(text, choices, CLOSEST, distance):
        label = choice.label
        if label.lower().startswith(choice.notation.lower() + "  "):  # `F8  energy farm, +3`
            label = label[len(choice.notation) :].strip()
        elif label.lower().startswith(choice.notation.lower() + " ("):  # `hibernate (cards…)`
            label = label[len(choice.notation) :].strip()[1:-1] if label.endswith(")") else label
        key = "move.closest_item" if label else "move.closest_bare"
        items.append(t(key, locale, notation=choice.notation, label=label))
    return ", ".join(items)


# ------------------------------------------------------------------ submitted from the list
#
# Two `/move crystal gear` sent in a hurry (a double tap, a retry after a slow answer) are two
# interactions with the same text: both would apply, and in Revive a repeatable move (a crystal
# trade) then happens twice. The autocomplete's value is what Discord submits, and players never
# see it (they see the label), so it carries where the choice was offered: `crystal gear @12.40`
# (game 12, version 40). A submission whose game has moved on since is refused, nothing applied,
# like a stale button. A move typed by hand carries nothing and applies as typed.

OFFERED = re.compile(r"^(?P<notation>.*\S) @(?P<game>\d+)\.(?P<version>\d+)$")
VALUE_LIMIT = 100
"""Discord's limit on an autocomplete choice's value (../shared/notes/discord-limits.md)."""


def offered(notation: str, game_id: int, version: int) -> str:
    """The autocomplete value of `notation` offered in game `game_id` at `version` (the bare
    notation if the tag would not fit Discord's 100 characters)."""
    tagged = f"{notation} @{game_id}.{version}"
    return tagged if len(tagged) <= VALUE_LIMIT else notation


def submitted(value: str) -> tuple[str, tuple[int, int] | None]:
    """(the move's notation, the (game, version) it was offered at, None for a typed move)."""
    match = OFFERED.match(value.strip())
    if match is None:
        return value, None
    return match["notation"], (int(match["game"]), int(match["version"]))


def _words(text: str) -> str:
    return " ".join(text.lower().replace("×", "x").split())


def _tokens(text: str) -> list[str]:
    """The words of `text` for narrowing: folded (case, accents), split at spaces and
    punctuation, a leading `+` and inner dots kept (`+3`, `F02.4`)."""
    folded = unicodedata.normalize("NFKD", text.casefold().replace("×", "x"))
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    return [word.rstrip(".") for word in _WORD.findall(plain) if word.rstrip(".")]


def _starts(word: str, token: str) -> bool:
    """`word` starts with `token`, and a number that ends `token` is whole in `word`."""
    if not word.startswith(token):
        return False
    return not (token[-1].isdigit() and len(word) > len(token) and word[len(token)].isdigit())


def _spelling(text: str) -> str:
    """Letters and digits only, lowercased: what stays the same however a notation is typed."""
    return "".join(char for char in text.lower() if char.isalnum())


def _without_preview(label: str) -> str:
    """`label` without a last bracketed part (the preview of what the move changes)."""
    if not label.endswith(")") or "(" not in label:
        return ""
    return label[: label.rindex("(")].rstrip()
