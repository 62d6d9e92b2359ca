"""Applying a Revive move: the new state, and the event that tells what it did.

A turn is a series of moves by the player to move. With nothing pending, the moves are the
main actions (while fewer than two were taken), the free actions, `end` (after at least one
action) and `hibernate` (before any action). An action whose effects need decisions pushes
*frames* on `state.stack`. While a frame is on top, the only legal moves are its choices, so
every decision is a move of its own with a short notation (engine/revive/moves.py), and an
action in progress is part of the saved state.

The event records the move's facts by name and what a turn summary needs (the turn, the points
by seat, the board places changed, what an answer chose in content terms), so a presenter never
re-reads the notation or the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, cast

from engine.base import RESIGN, Applied, MoveFacts
from engine.errors import GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn, Typed
from engine.revive import actions, costs, effects, refusals, scoring
from engine.revive.moves import UNPREVIEWED, change_of, notation_facts, typed_move
from engine.revive.state import ReviveState, seat_to_move
from engine.revive.tables import ReviveTables
from engine.revive.views import Effect, MoveOutcome, NotationFacts, OwnBoard, ReviveEvent, SeatGains

Legal = Callable[..., list[str]]
"""The legal moves of a seat in a state, `(state, seat)`, or those that could be one move,
`(state, seat, move)` (engine/revive/moves.py `LegalMoves`)."""
ReviveApplied = Applied[ReviveState, ReviveEvent]
MAP_VERBS = frozenset({"explore", "build", "populate", "rotate"})
"""The only moves that change the board, the pieces or the corners (as main actions, free
actions or the rotation of a tile just explored): the others share them with the state before."""
TILE_VERBS = frozenset({"explore", "rotate"})
"""The only moves that change the board's tiles (the explorer, turning a tile up): building and
populating place pieces only, and share the board with the state before."""
SLOTTING = {"play": ("slots",), "module": ("modules",)}
"""The only moves that change a seat's card slots (a card played into one) or module spaces (a
module taken) in place: every other move shares them with the state before (`ReviveState.
successor`). Hibernating empties the slots by putting new lists in their place."""
LIGHT_VERBS = frozenset({"end", "crystal", "switch"})
"""Moves that draw from no deck or display and change of a seat's record only its own keys and
its resources (`ReviveState.successor` `light`): ending the turn (`actions.end_turn` drops
this turn's keys), a crystal trade and the switch token (a resource gained, nothing resolved).
Every other move may resolve effects, and an effect may draw (a crate) or change any part of a
record. Once the end is triggered any move may bring the final scoring: none is light then."""


def apply(tables: ReviveTables, legal: Legal, state: ReviveState, seat: int, move: str) -> ReviveApplied:
    """Play `move` for `seat` on a copy of `state`; raises a GameError saying why when it is
    refused. `move` is checked against the moves kept on `state` when they were listed, else
    those of its target only (`legal`), and all of them when it is not among those (another
    spelling, or a move refused)."""
    if not 0 <= seat < state.players:
        raise NotAPlayer("error.not_a_player")
    if state.finished:
        raise GameOver("error.game_over")
    kept = state.kept_moves(seat)  # listed already (`LegalMoves`), else those that could be it
    listed = kept is not None and move in kept  # as listed: the engine's notation, never `resign`
    text = move if listed else " ".join(move.strip().split())
    if not listed and text.lower() == RESIGN:
        return resign(tables, state, seat)
    if state.seats[seat]["resigned"]:
        raise IllegalMove("error.resigned")
    if seat != seat_to_move(state):
        raise NotYourTurn("error.not_your_turn")
    if not listed and text not in (kept if kept is not None else legal(state, seat, text)):
        allowed = legal(state, seat)
        text = typed_move(text, allowed)  # another spelling of a legal move?
        if text not in allowed:
            if not text:
                raise MalformedMove("error.revive.malformed", text=Typed(move[:30]))
            generic = IllegalMove("error.revive.illegal", move=Typed(text[:30]))
            raise refusals.why_not(tables, state, seat, text) or generic
    new = played(tables, state, seat, text)
    return Applied(new, partial(event_of, state, new, seat, text, tables.hibernation), {}, text)


def event_of(
    before: ReviveState, after: ReviveState, seat: int, move: str, hibernation: Sequence[Mapping[str, Any]]
) -> ReviveEvent:
    """The event of `seat`'s `move`, played from `before` to `after`: built when first read
    (`Applied.event`), since a random playout never reads it (about an eighth of its time).
    Both states are the engine's, never changed once handed out, so it is the event `apply`
    would have built at once."""
    event = cast(ReviveEvent, {"kind": "move", "seat": seat, "move": move})
    describe(before, after, event, move, hibernation)
    return event


def played(tables: ReviveTables, state: ReviveState, seat: int, move: str) -> ReviveState:
    """The state after `move`, legal and in the engine's notation (`apply` has checked it, or
    it comes from the legal moves as listed: `Revive.after_legal`), on a copy of `state`."""
    words = move.split()
    verb = words[0]
    seats = changing_seats(state, seat, words)
    light = verb in LIGHT_VERBS and seats is not None  # None: the final scoring may follow
    new = state.successor(verb in MAP_VERBS, seats, verb in TILE_VERBS, light, SLOTTING.get(verb, ()))
    perform(tables, new, seat, words)
    current = new.current
    if not new.stack and current is not None and words[0] != "end" and actions.turn_over(new):
        actions.end_turn(tables, new, current)
    if new.reaches() is None:  # the move may have changed the board: keep what still holds
        costs.carry_reaches(tables, state, new)
    return new


def changing_seats(state: ReviveState, seat: int, words: list[str]) -> set[int] | None:
    """The seats whose records a move of `seat` (its words `words`) may change, or None for
    any of them. A move changes its own seat's; ending a turn also the current player's
    (`end_turn`), and resuming effects left waiting the seat of each frame on the stack
    (`effects.resume`); populating also those of the seats already on its space (a book to
    each). Only turning a tile up (`rotate`: it pays the buildings next to it) and the final
    scoring (once the end is triggered, after any move) change any other seat's record:
    building gains from the spaces next to the building for its owner alone."""
    if words[0] == "rotate" or state.end_tile is not None:
        return None
    current = state.current if state.current is not None else seat
    seats = {seat, current}
    for frame in state.stack:
        seats.add(frame.get("seat", current))
    if words[0] == "populate":
        seats.update(piece[0] for piece in state.pieces.get(words[1], ()))
    return seats


def perform(tables: ReviveTables, new: ReviveState, seat: int, words: list[str]) -> None:
    """Do what a legal move does, on the copy `new`."""
    if words[0] == "crystal":  # a free action, also while a decision of this turn is open
        new.seats[seat]["resources"]["crystal"] -= 1
        effects.gain(tables, new, seat, {words[1]: 1})
    elif new.stack:
        frame = new.stack.pop()
        actions.answer(tables, new, frame.get("seat", seat), frame, words)
    elif words[0] == "play":
        actions.play(tables, new, seat, words[1], words[2])
    elif words[0] == "switch":
        new.seats[seat]["switch_used"] = True
        new.actions_taken += 1
        effects.gain(tables, new, seat, {words[1]: 1})
    elif words[0] == "use":
        me = new.seats[seat]
        me["energy"] -= 1
        me["powered"].append(words[1])
        effects.resolve(tables, new, seat, tables.machines[words[1]]["effects"])
    elif words[0] == "open":
        me = new.seats[seat]
        me["crates"].remove(words[1])
        me["opened"].append(words[1])
        effects.resolve(tables, new, seat, tables.crates[words[1]]["effects"])
    elif words[0] in actions.MAIN:
        new.actions_taken += 1
        actions.MAIN[words[0]](tables, new, seat, words[1:])
    elif words[0] == "hibernate":
        actions.hibernate(tables, new, seat)
    elif words[0] == "end":
        actions.end_turn(tables, new, seat)


def resign(tables: ReviveTables, state: ReviveState, seat: int) -> ReviveApplied:
    """Beyond the text: a player leaves. Their pieces stay and score; their turns and their
    open decisions are skipped; with one player left, final scoring runs at once."""
    if state.seats[seat]["resigned"]:
        raise IllegalMove("error.resigned")
    new = state.copy()
    new.seats[seat]["resigned"] = True
    new.final_turns = [other for other in new.final_turns if other != seat]
    event = cast(ReviveEvent, {"kind": RESIGN, "seat": seat, "move": RESIGN})
    if sum(not me["resigned"] for me in new.seats) <= 1:
        scoring.final_scoring(tables, new)
    elif new.current == seat:
        new.stack = []
        actions.end_turn(tables, new, seat)
    elif any(frame.get("seat") == seat for frame in new.stack):
        new.stack = [frame for frame in new.stack if frame.get("seat", new.current) != seat]
        current = new.current if new.current is not None else seat
        effects.resume(tables, new, current)
        if not new.stack and actions.turn_over(new):
            actions.end_turn(tables, new, current)
    describe(state, new, event, RESIGN)
    return Applied(new, event, {}, RESIGN)


def previews(
    tables: ReviveTables, legal: Legal, state: ReviveState, seat: int, moves: Sequence[MoveFacts]
) -> list[MoveFacts]:
    """`moves` with what each would change for the mover now (`facts["change"]`: its
    resources, energy, machine-track steps and points), found by playing it on a copy, so it
    is exactly what the engine will do; only the mover's own record, never a card the move
    would reveal. Moves whose facts say it all (`UNPREVIEWED`) are left as they are."""
    before = state.seats[seat]
    previewed = []
    for facts in moves:
        if facts.kind not in UNPREVIEWED:
            after = apply(tables, legal, state, seat, facts.notation).state.seats[seat]
            facts = replace(facts, facts={**facts.facts, "change": change_of(before, after)})
        previewed.append(facts)
    return previewed


def reveals(before: ReviveState, after: ReviveState, seat: int) -> str | None:
    """What a move showed anyone, the mover included, that they did not know (the reason
    `/undo` refuses it, docs/async.md), as an i18n key: a face-down tile turned up, a card,
    machine or module drawn from a pile (the display refills, or the deck's top card joins a
    hand face up), a crate taken from the face-down pile (its owner sees what it is), or a
    crate opened."""
    if any(after.board[slot]["face_up"] != placed["face_up"] for slot, placed in before.board.items()):
        return "undo.revealed_tile"
    for pile in ("citizens", "modules"):
        if len(after.decks[pile]) != len(before.decks[pile]):
            return "undo.revealed_card"
    if any(len(after.decks["machines"][c]) != len(pile) for c, pile in before.decks["machines"].items()):
        return "undo.revealed_card"
    if len(after.decks["crates"]) != len(before.decks["crates"]):
        return "undo.drew_crate"
    if len(after.seats[seat]["opened"]) != len(before.seats[seat]["opened"]):
        return "undo.revealed_crate"
    return None


# ---------------------------------------------------------------- the event


def describe(
    before: ReviveState,
    after: ReviveState,
    event: ReviveEvent,
    move: str,
    hibernation: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Complete a move's event: its facts, the turn it belongs to, whether it ended that turn,
    points by seat, the board places it changed (marked on the image), and what it chose in
    content terms (`outcome`). `hibernation` is the content's hibernation track."""
    facts = notation_facts(move)
    event.update(cast(ReviveEvent, outcome(before, after, facts, hibernation)))
    event["turn"] = before.turn
    event["turn_over"] = after.turn != before.turn or after.finished
    event["points"] = {
        str(index): seat["points"] - before.seats[index]["points"]
        for index, seat in enumerate(after.seats)
        if seat["points"] != before.seats[index]["points"]
    }
    changed = []
    if after.board is not before.board:  # else the move shared it, unchanged (`successor`)
        changed += [
            slot for slot, placed in after.board.items() if placed["face_up"] != before.board[slot]["face_up"]
        ]
    if after.pieces is not before.pieces:
        changed += [space for space in after.pieces if after.pieces[space] != before.pieces.get(space)]
    if "board_slot" in facts:
        changed.append(facts["board_slot"])
    event["changed"] = sorted(set(changed))
    if after.end_tile is not None and before.end_tile is None:
        event["end_triggered"] = after.end_tile
    own = own_board(before.seats[event["seat"]], after.seats[event["seat"]])
    if own:
        event["own"] = own
    event.update(cast(ReviveEvent, facts))


def outcome(
    before: ReviveState, after: ReviveState, facts: NotationFacts, hibernation: Sequence[Mapping[str, Any]]
) -> MoveOutcome:
    """What an answer chose, so its line can name it: the option's effects and the ones
    declined, the hibernation reward's effects, the tile placed and what buildings next to it
    gained. Empty for every other move."""
    verb = facts.get("verb")
    if verb == "option" and before.stack:
        options: list[list[Effect]] = before.stack[-1]["options"]
        index = facts["option"] - 1
        return {"chosen": options[index], "declined": options[:index] + options[index + 1 :]}
    if verb == "reward" and facts["reward"] < len(hibernation):
        return {"effects": list(hibernation[facts["reward"]]["effects"])}
    if verb == "rotate" and before.stack:
        seats = range(after.players)
        gains = {str(seat): gained for seat in seats if (gained := _gains(before, after, seat))}
        return {"tile_slot": before.stack[-1]["slot"], "gains": gains}
    return {}


def _gains(before: ReviveState, after: ReviveState, seat: int) -> SeatGains | None:
    """What `seat`'s resources, energy and machine tracks changed by, or None when nothing did."""
    old, new = before.seats[seat], after.seats[seat]
    resources = {
        name: amount - old["resources"].get(name, 0)
        for name, amount in new["resources"].items()
        if amount != old["resources"].get(name, 0)
    }
    if new["energy"] != old["energy"]:
        resources["energy"] = new["energy"] - old["energy"]
    steps = {colour: at - old["tracks"][colour] for colour, at in new["tracks"].items()}
    tracks = {colour: moved for colour, moved in steps.items() if moved}
    return {"resources": resources, "tracks": tracks} if resources or tracks else None


def own_board(before: Mapping[str, Any], after: Mapping[str, Any]) -> OwnBoard:
    """What changed on one seat's board between two of its records, public parts only: cards
    and modules added to slots, machines taken and used, technologies unlocked, track steps,
    resources and energy (empty when nothing did)."""
    own: OwnBoard = {}
    cards, modules = _slotted(before, after, "slots"), _slotted(before, after, "modules")
    if cards:
        own["cards"] = cards
    if modules:
        own["modules"] = modules
    for key in ("machines", "powered", "unlocked"):
        added = _added(before[key], after[key])
        if added:
            own[key] = added
    change = change_of(before, after)
    if change["tracks"]:
        own["tracks"] = change["tracks"]
    resources = dict(change["resources"])
    if change["energy"]:
        resources["energy"] = change["energy"]
    if resources:
        own["resources"] = resources
    return own


def _slotted(before: Mapping[str, Any], after: Mapping[str, Any], key: str) -> list[list[str]]:
    """[slot, item] for each card (`slots`) or module (`modules`) added to a card slot."""
    if after[key] == before[key]:  # most moves play no card and take no module
        return []
    return [[slot, item] for slot, held in after[key].items() for item in _added(before[key][slot], held)]


def _added(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """What `after` holds beyond `before` (a list that only grows, or is emptied)."""
    if after == before:
        return []
    if len(after) >= len(before) and after[: len(before)] == before:  # it grew at its end, or not
        return list(after[len(before) :])
    left = list(before)
    added = []
    for item in after:
        if item in left:
            left.remove(item)
        else:
            added.append(item)
    return added
