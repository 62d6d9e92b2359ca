"""What goes in and out of the service: who is calling, and what to post."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from db import GameRecord
from engine.base import SEAT_COLOURS
from engine.errors import GameError
from i18n import t
from presenters.protocol import MoveChoice

MESSAGE_LIMIT = 2000  # Discord's limit on a message's text
UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's upload limit of a server without boosts, in bytes
CHOICES_AT_MOST = 25  # Discord's limit on an autocomplete's choices and on a select menu's options

Ready = Callable[[], Awaitable[None]] | None
"""Called once a request is accepted and only slow work (rendering) is left: a front end with a
response deadline acknowledges there, so refusals stay private and successes stay in time."""


@dataclass(frozen=True)
class Caller:
    """The person acting and where: enough to find the channel's game and check their rights."""

    user_id: int
    channel_id: int
    guild_id: int | None = None
    # The caller's own Discord locale: every private reply to them is written in it. What goes to
    # the channel is in the game's language instead (`GameRecord.language`, docs/translating.md).
    locale: str | None = None
    display_name: str = ""
    can_manage_channel: bool = False
    guild_name: str = ""  # the server's name, for DMs that say where a game waits
    guild_locale: str | None = None  # the server's preferred locale: a new game's language
    # Rights in this channel that decide whether a table may be opened here. The Discord front
    # end reads each from the interaction (cogs/replies.py `caller_of`); a front end that does
    # not know them (the service's tests, the offline tools) acts with them.
    can_send: bool = True  # may post in the channel (in a thread: in threads)
    can_create_threads: bool = True  # may create public threads here
    bot_can_create_threads: bool = True  # the bot may create a public thread here and post in it
    can_manage_server: bool = False  # Manage Server: sets the server's limits (service/limits.py)
    # The largest file a reply to this caller may attach (`/game export`, `/game replay`): the
    # server's limit, which boosts raise (cogs/replies.py `caller_of` reads it).
    upload_limit: int = UPLOAD_LIMIT


@dataclass(frozen=True)
class Message:
    """One message to post.

    `ephemeral` messages are seen by the caller only: the sole place hidden information may go.
    `ping` lists exactly the users this message may notify; the front end must allow no other
    mention (text a user typed can then never ping anyone).
    """

    text: str
    image: bytes | None = None  # the one file attached: an image, or a game record (`/game export`)
    image_name: str = "board.png"
    ephemeral: bool = False
    ping: tuple[int, ...] = ()
    # Moves offered as buttons or a menu, valid for game `ref[0]` at version `ref[1]` only: a
    # click after the game moved on is refused as stale.
    moves: tuple[MoveChoice, ...] = ()
    ref: tuple[int, int] | None = None
    # Buttons that are not moves: (kind, game id, key, label); kinds: "mute" (reminders for this
    # turn), "wait" and "handover" (a turn clock that ran out). `key` names the turn they are for.
    actions: tuple[tuple[str, int, int, str], ...] = ()
    # Buttons of the table's life, not tied to a turn: (kind, game id, label), kinds as
    # `TABLE_BUTTONS` lists (answered by cogs/posting.py `TableButton`, each as its slash command).
    table: tuple[tuple[str, int, str], ...] = ()
    # Send as a direct message to this user instead of in the channel (`channel_id`: the game's
    # channel, for messages that are not an answer to a command).
    dm_to: int | None = None
    channel_id: int | None = None
    # Set once the outbox holds it (service/outbox.py): the front end reports how posting went.
    outbox_id: int | None = None
    game_id: int | None = None
    # The same text told in another locale, for a DM copy to someone who reads another language
    # than the table's (never stored: a message read back from the outbox has none).
    retell: Callable[[str | None], Awaitable[str]] | None = field(default=None, compare=False, repr=False)


# The table buttons: on a lobby message, the hand-over of a seat, and the final message.
LOBBY_BUTTONS = ("join", "leave", "bot", "start")
REJOIN_BUTTON = ("rejoin",)
REMATCH_BUTTON = ("rematch",)
BOARD_BUTTON = ("board",)  # under a turn message whose image shows part of the board
# Under a player's phone-sized board: that seat's whole player board (the seat is in the kind,
# so the button's custom_id keeps the shape of every table button's).
PLAYER_BUTTONS = tuple(f"player{seat}" for seat in range(len(SEAT_COLOURS)))
TABLE_BUTTONS = LOBBY_BUTTONS + REJOIN_BUTTON + REMATCH_BUTTON + BOARD_BUTTON + PLAYER_BUTTONS


def table_buttons(
    game_id: int, kinds: tuple[str, ...], locale: str | None
) -> tuple[tuple[str, int, str], ...]:
    """`Message.table` for game `game_id`: one button per kind, labelled in `locale`."""
    return tuple((kind, game_id, t(f"button.{kind}", locale)) for kind in kinds)


class ServiceError(GameError):
    """A request refused before the rules are consulted (no game here, not the creator, ...)."""


class StaleGame(ServiceError):
    """Somebody else changed the game between reading and writing it; nothing was applied."""


def people_only(game: GameRecord, messages: list[Message]) -> list[Message]:
    """Pings for people only: a seat the fallback player holds (filled by it, or handed over)
    has no one to notify."""
    bots = {user for seat, user in enumerate(game.players) if user < 0 or game.is_bot(seat)}
    return [replace(m, ping=tuple(user for user in m.ping if user not in bots)) for m in messages]


def jump_link(game: GameRecord) -> str:
    """A link that opens the game's channel (or thread) in Discord."""
    return f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Keep a message within Discord's limit (or `limit`, leaving room for a line after it),
    cutting at a line where possible."""
    if len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit - 1)
    return text[: cut if cut > 0 else limit - 1] + "…"


def headed(head: Message, told: list[Message]) -> list[Message]:
    """`head` on top of the first channel message of `told`, as one message with that
    message's board and buttons and both messages' pings (the start of a game and the fallback
    player's first turns; a clock that ran out and the turn played for it); `head` alone when
    `told` has no channel message (or the two would not fit in one)."""
    public = [index for index, message in enumerate(told) if not message.ephemeral and message.dm_to is None]
    if not public:
        return [head, *told]
    first = told[public[0]]
    text = f"{head.text}\n\n{first.text}"
    if len(text) > MESSAGE_LIMIT:  # cut, it would lose the ping at its end: two messages then
        return [head, *told]
    pings = tuple(dict.fromkeys((*head.ping, *first.ping)))
    retell = None  # a DM reader's copy of both, when both can be told again
    if head.retell is not None and first.retell is not None:
        head_in, first_in = head.retell, first.retell

        async def retell(locale: str | None) -> str:
            return f"{await head_in(locale)}\n\n{await first_in(locale)}"

    merged = replace(first, text=text, ping=pings, table=head.table or first.table, retell=retell)
    return [*told[: public[0]], merged, *told[public[0] + 1 :]]
