"""What Revive shows: the shapes of `Revive.view()` and of the events of `Revive.apply()`, and
the view itself (`view`: what each seat may see).

Presenters and renderers read only these (never `ReviveState`), so this file is the whole of
what they may rely on. The dicts are plain JSON-native data at run time (TypedDicts cost
nothing); a key marked NotRequired is present only sometimes, as its comment says. Content
pieces that reach a view unchanged (effects, tile backs) are typed here too, as the view holds
them.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from engine.base import EventBase
from engine.revive.scoring import artifact_card_points
from engine.revive.state import ReviveState, seat_to_move
from engine.revive.tables import COLOURS, GAME_ID, ReviveTables


class Effect(TypedDict):
    """One effect of a card, machine, module, crate, reward or track space (content/revive/validate.py
    `EFFECT_FIELDS` lists which fields each kind has)."""

    kind: str
    resources: NotRequired[dict[str, int]]  # gain
    amount: NotRequired[int]  # gain_any, points, discount
    times: NotRequired[int]  # trade
    colour: NotRequired[str]  # machine_step, machine_token: a machine colour or "any"
    steps: NotRequired[int]  # machine_step
    action: NotRequired[str]  # discount, action: explore / build / populate / range
    options: NotRequired[list[list[Effect]]]  # choice


class Frame(TypedDict):
    """A decision waiting on the stack (top last); `kind` says which fields it has."""

    kind: str  # gain_any, trade, choice, track, reward, recruit, machine_token, module,
    # artifact, remove, rotate, action, effects (effects waiting under a decision)
    seat: NotRequired[int]  # who answers; absent: the current player (states stored long ago)
    left: NotRequired[int]  # gain_any, trade: answers still to give
    amount: NotRequired[int]  # gain_any
    times: NotRequired[int]  # trade
    options: NotRequired[list[list[Effect]]]  # choice
    colour: NotRequired[str]  # track ("any"), machine_token
    steps: NotRequired[int]  # track
    slot: NotRequired[str]  # rotate: the tile slot just explored
    action: NotRequired[str]  # action: explore / build / populate
    effects: NotRequired[list[Effect]]  # effects


class Discount(TypedDict):
    """A discount gained this turn, used up by the next payment for `action`."""

    action: str
    amount: int


class Buildings(TypedDict):
    """Buildings still in the seat's supply."""

    small: int
    large: int


class Breakdown(TypedDict, total=False):
    """Final scoring by category. Every key is present in `FinalScoring`; a seat's
    `breakdown` is empty ({}) until the game has ended."""

    progress: int
    technologies: int
    large_locations: int
    machine_bonus: int
    end_tile: int
    minors: int
    resources: int
    artifact_card: int


class SeatView(TypedDict):
    """One seat as everybody sees it: its player board, without the secrets (artifact card,
    which cards rest, which crates are held: only their counts)."""

    seat: int
    colour: str  # orange, blue, green, purple: the seat's colour by seat number
    tribe: str
    resources: dict[str, int]  # crystal, gear, book, food
    energy: int
    switch_used: bool
    points: int
    score: int  # the same as points
    hibernation: int  # space on the hibernation track
    progress: int  # markers on the progress track
    tribe_markers: int
    tracks: dict[str, int]  # machine colour -> space
    active: list[str]  # citizen cards in hand, face up
    resting: int  # how many cards rest face down
    slots: dict[str, list[str]]  # card slot -> cards played there this cycle, oldest first
    modules: dict[str, list[str]]  # card slot -> modules held
    machines: list[str]
    powered: list[str]  # machines used since the last hibernation
    buildings: Buildings
    unlocked: list[str]  # technologies
    crates: int  # how many closed crates are held
    opened: list[str]  # crates opened
    majors: list[str]  # major artifacts taken
    minors: int  # minor artifacts taken
    owned_cards: list[str]  # market cards recruited
    water_taken: list[str]  # water spaces whose reward the seat has had
    bonuses_reached: list[int]  # score-track bonuses passed
    artifact_card: NotRequired[str]  # the seat's artifact card, revealed once the game is over
    resigned: bool
    breakdown: Breakdown  # {} until the game ends
    hibernating: NotRequired[bool]  # in the turn of a hibernation, until it ends
    discounts: NotRequired[list[Discount]]  # this turn's discounts (absent when none yet)
    card_bonuses: NotRequired[list[str]]  # colours whose card bonus a machine track gave


class PlacedTile(TypedDict):
    """A face-up area tile on its slot (the state's own dict)."""

    tile: str
    rotation: int  # sixth-turns
    face_up: Literal[True]
    explorer: int | None  # the seat that explored it (None: a starting tile)


class TileBack(TypedDict):
    """The back of a face-down area tile: what exploring it costs and scores."""

    cost: dict[str, int]
    points: int


class HiddenTile(TypedDict):
    """A face-down area tile: only its back shows."""

    tile: None
    face_up: Literal[False]
    back: TileBack


class Corner(TypedDict):
    """A large location on a board corner, the side up, and the seats that populated it."""

    location: str
    side: str
    population: list[int]


class Displays(TypedDict):
    """The face-up displays."""

    citizens: list[str]
    modules: list[str]
    machines: dict[str, list[str]]  # colour -> machine tokens shown


class DeckCounts(TypedDict):
    """How many are left in each face-down pile (never their order)."""

    citizens: int
    modules: int
    crates: int
    machines: dict[str, int]  # colour -> tokens left
    minors: int


class FinalScoring(TypedDict):
    """Set when the game has ended."""

    breakdown: list[Breakdown]  # by seat
    winners: list[int]
    decided_by: str  # score, tie-break, shared


class PrivateView(TypedDict):
    """What only the viewing seat sees."""

    seat: int
    artifact_card: str
    resting: list[str]
    crates: list[str]
    stack: list[Frame]  # the open decisions, when this seat is to move ([] otherwise)
    artifact_points: int  # what the artifact card scores if the game ended now
    decision: Frame | None  # the open decision (whoever answers it), None between decisions
    main_moves: int  # main actions legal for this seat now (0 while a decision is open)
    actions_left: int  # main actions still allowed this turn


Piece = list[Any]
"""`[seat, kind]`, kind one of `small`, `large`, `population` (a JSON pair)."""


class ReviveView(TypedDict):
    """`Revive.view(state, seat)`: the public view (`private` None) or a seat's own."""

    game: str
    rules: int  # the rules version the game is played under (its content edition)
    players: int
    current: int | None  # None once finished
    to_move: int | None  # who answers now: the open decision's seat, else current
    end_tile: int | None  # the seat that took the last major artifact (final round), else None
    finished: bool
    turn: int  # turns played, from 0
    actions_taken: int  # main actions in the turn so far
    seats: list[SeatView]
    board: dict[str, PlacedTile | HiddenTile]  # slot -> tile
    corners: dict[str, Corner]  # corner (NW, NE, SE, SW) -> large location
    pieces: dict[str, list[Piece]]  # space -> pieces on it
    displays: Displays
    decks: DeckCounts
    crater: list[str]  # major artifacts still on the board
    deciding: str | None  # the kind of the open decision (None: none)
    private: PrivateView | None
    final: FinalScoring | None


class NotationFacts(TypedDict, total=False):
    """A move's words by name (engine/revive/moves.py `ARGUMENTS`): `verb` is its first word,
    and only the verb's own arguments are present."""

    verb: str  # play, switch, crystal, explore, ..., end, hibernate, pass, skip, stop, resign
    card: str  # play, recruit (a displayed card)
    slot: str  # play, module: a card slot (top_left, ...)
    resource: str  # switch, crystal, take
    give: str  # trade
    get: str  # trade
    board_slot: str  # explore: the tile slot explored
    off: str  # explore: the resource a discount came off first
    size: str  # build: small, large
    space: str  # build, populate
    tech: str  # populate
    machine: str  # use, machine
    crate: str  # open
    option: int  # option: its number, from 1
    colour: str  # track
    reward: int  # reward: the hibernation space
    from_deck: bool  # recruit deck: the top card of the face-down deck
    module: str  # module
    replaces: str  # module: the module discarded to make room
    artifact: str  # artifact, remove: a major artifact
    minor: bool  # artifact minor
    rotation: int  # rotate: sixth-turns


class SeatGains(TypedDict):
    """What one seat's record gained (or lost) from a move: resources (energy among them) and
    machine-track steps, only what changed. Points are in the event's `points`."""

    resources: dict[str, int]
    tracks: dict[str, int]


class MoveOutcome(TypedDict, total=False):
    """What a move chose, in content terms, for a line that names the thing and not its
    number. Added to events after their first release: an event stored
    without them reads as before (presenters/revive/presenter.py `stored_facts`)."""

    chosen: list[Effect]  # option: the effects of the option taken
    declined: list[list[Effect]]  # option: the options not taken
    effects: list[Effect]  # reward: what the chosen hibernation space gives
    tile_slot: str  # rotate: the tile slot of the tile just placed face up
    gains: dict[str, SeatGains]  # rotate: seat (as text) -> what its buildings next to the tile gained


class OwnBoard(TypedDict, total=False):
    """What a move changed on its seat's own player board, as the public view shows it (so a
    channel image can show a turn that changed nothing on the map): what was added, never what
    a card in hand or at rest is. Only the keys that changed are present."""

    cards: list[list[str]]  # [slot, card] played, in order
    modules: list[list[str]]  # [slot, module] taken
    machines: list[str]  # machines taken
    powered: list[str]  # machines used
    unlocked: list[str]  # technologies unlocked
    tracks: dict[str, int]  # machine colour -> steps moved
    resources: dict[str, int]  # resource (energy among them) -> gained (negative: paid)


class ReviveEvent(EventBase, NotationFacts, MoveOutcome):
    """What one Revive move did, as stored with the move. `kind` is `move` or `resign`;
    `move` (always present) is the engine's spelling; `turn`, `turn_over` and `changed` are
    always present too. The move's facts (NotationFacts) are absent from events stored before
    they were added: engine/revive/moves.py `notation_facts(event["move"])` reads those."""

    seat: int
    points: dict[str, int]  # seat (as text) -> points this move gave, only seats that gained
    end_triggered: NotRequired[int]  # the seat that took the last major artifact with this move
    own: NotRequired[OwnBoard]  # absent: nothing changed on the mover's board (or stored before)


# ---------------------------------------------------------------- the view

SECRETS = ("artifact_card", "resting", "crates")  # a seat's keys shown only to that seat (as counts)


def view(tables: ReviveTables, state: ReviveState, seat: int | None, main_moves: int) -> ReviveView:
    """The view for `seat` (None: the public view); `main_moves` is how many main actions
    `seat` may take now (the caller lists the legal moves).

    The public view holds no deck order, no artifact card, no resting cards and no crates held;
    a seat's own view adds its secrets and what its prompt needs (the open decision, how many
    main actions are legal and left)."""
    seats: list[SeatView] = []
    for index, me in enumerate(state.seats):
        public = cast(SeatView, {key: value for key, value in me.items() if key not in SECRETS})
        public["seat"] = index
        public["colour"] = COLOURS[index]
        public["resting"] = len(me["resting"])
        public["crates"] = len(me["crates"])
        public["score"] = me["points"]
        public["breakdown"] = state.final["breakdown"][index] if state.final else {}
        if state.final:  # the final scoring counts it, in the open
            public["artifact_card"] = me["artifact_card"]
        seats.append(public)
    view = cast(
        ReviveView,
        {
            "game": GAME_ID,
            "rules": state.rules,
            "players": state.players,
            "current": state.current,
            "to_move": seat_to_move(state),
            "end_tile": state.end_tile,
            "finished": state.finished,
            "turn": state.turn,
            "actions_taken": state.actions_taken,
            "seats": seats,
            "board": {
                slot: placed
                if placed["face_up"]
                else {"tile": None, "face_up": False, "back": tables.area_tiles[placed["tile"]]["back"]}
                for slot, placed in state.board.items()
            },
            "corners": state.corners,
            "pieces": state.pieces,  # space -> [[seat, "small" | "large" | "population"], ...]
            "displays": state.displays,
            "decks": {
                "citizens": len(state.decks["citizens"]),
                "modules": len(state.decks["modules"]),
                "crates": len(state.decks["crates"]),
                "machines": {colour: len(pile) for colour, pile in state.decks["machines"].items()},
                "minors": state.decks["minors"],
            },
            "crater": list(state.crater),
            "deciding": state.stack[-1]["kind"] if state.stack else None,
            "private": None,
            "final": state.final,
        },
    )
    if seat is not None and 0 <= seat < state.players:
        view["private"] = _private(tables, state, seat, main_moves)
    return view


def _private(tables: ReviveTables, state: ReviveState, seat: int, main_moves: int) -> PrivateView:
    me = state.seats[seat]
    return cast(
        PrivateView,
        {
            "seat": seat,
            "artifact_card": me["artifact_card"],
            "resting": list(me["resting"]),
            "crates": list(me["crates"]),
            "stack": list(state.stack) if seat_to_move(state) == seat else [],
            "artifact_points": artifact_card_points(tables, state, seat),  # if the game ended now
            "decision": state.stack[-1] if state.stack else None,
            "main_moves": main_moves,
            "actions_left": tables.rules["actions_per_turn"] - state.actions_taken,
        },
    )
