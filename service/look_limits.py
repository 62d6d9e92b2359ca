"""How often people may have the bot draw for them, and who may post a look in the channel.

Every image a look draws (`/board`, `/board player:`, the **Whole board** button) costs the
process real time in Pillow, and every public post lands in a channel the whole table reads.
So a channel's posts are for its players (a stranger gets the same look privately), public
boards are spaced out per channel and per person (a board asked for too soon is shown to its
asker privately instead: the one just posted is right above), and every drawing, private or
public, counts against the asker's and the channel's budget; past it the answer is a private
"look again in N seconds" and nothing is drawn.

The counts run on the service's clock (`Tables.now`: simcord's virtual clock in the tests), in
memory: a restart forgets them, which costs at most one more burst. discord.py's
`app_commands.checks.cooldown` cannot do this: it runs on its own clock, covers one command
(the button and the commands must share one budget), and can only refuse, not answer privately.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

from service.messages import ServiceError


@dataclass(frozen=True)
class Rate:
    """At most `count` uses in any `seconds`."""

    count: int
    seconds: float


# The numbers (docs/async.md "Looking" says them to players):
PUBLIC_BOARD_PER_CHANNEL = Rate(1, 20)  # one board or player board posted in a channel per 20 s
PUBLIC_BOARD_PER_PERSON = Rate(1, 30)  # and by one person in one channel per 30 s
DRAWINGS_PER_PERSON = Rate(6, 60)  # images drawn for one person (anywhere, private or public)
DRAWINGS_PER_CHANNEL = Rate(12, 60)  # images drawn for looks in one channel, by everyone


class Window:
    """A sliding window of uses per key: how long until the next use fits, and recording one.
    Keys nobody used for a whole window are dropped as the clock passes, so strangers who come
    once leave nothing behind."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self._uses: dict[Hashable, deque[float]] = {}
        self._next_sweep = -math.inf

    def __len__(self) -> int:
        """How many keys it holds counts for now."""
        return len(self._uses)

    def wait(self, key: Hashable, now: float) -> float:
        """Seconds until `key` may use it once more (0: now)."""
        uses = self._recent(key, now)
        if uses is None or len(uses) < self.rate.count:
            return 0.0
        return max(0.0, uses[0] + self.rate.seconds - now)

    def take(self, key: Hashable, now: float) -> None:
        """Record one use by `key` at `now`."""
        self._sweep(now)
        uses = self._recent(key, now)
        if uses is None:
            uses = self._uses[key] = deque()
        uses.append(now)

    def give_back(self, key: Hashable, at: float) -> None:
        """Forget the use `key` recorded `at`: the look it counted was refused after all."""
        uses = self._uses.get(key)
        if uses is not None and at in uses:
            uses.remove(at)

    def _recent(self, key: Hashable, now: float) -> deque[float] | None:
        uses = self._uses.get(key)
        if uses is not None:
            while uses and uses[0] <= now - self.rate.seconds:
                uses.popleft()
        return uses

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.rate.seconds
        stale = [key for key, uses in self._uses.items() if not uses or uses[-1] <= now - self.rate.seconds]
        for key in stale:
            del self._uses[key]


class LookTooSoon(ServiceError):
    """The asker (or their channel) had the bot draw as much as it will for now."""


@dataclass(frozen=True)
class Look:
    """How a look is answered: in the channel (`public`) or to its asker alone, with the note
    (a catalog key and its parameters) that says why it is private when it was meant public."""

    public: bool
    note: tuple[str, dict[str, int]] | None = None
    counted_at: float | None = None  # when its drawing was counted (None: it draws nothing)


class LookLimits:
    """Decides, on the service's clock, whether a look is posted, shown privately or put off."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._public_channel = Window(PUBLIC_BOARD_PER_CHANNEL)
        self._public_person = Window(PUBLIC_BOARD_PER_PERSON)
        self._drawn_person = Window(DRAWINGS_PER_PERSON)
        self._drawn_channel = Window(DRAWINGS_PER_CHANNEL)

    def look(self, user_id: int, channel_id: int, *, seated: bool, public: bool, draws: bool) -> Look:
        """A look asked by `user_id` in `channel_id`, meant for the channel (`public`) or not,
        drawing an image (`draws`) or only text. Refused (`LookTooSoon`, nothing counted) when
        its drawing is over budget; a public look by someone not seated, or a public board too
        soon after the last one, is turned private with a note. What is answered is counted."""
        now = self._clock()
        if draws:
            wait = max(self._drawn_person.wait(user_id, now), self._drawn_channel.wait(channel_id, now))
            if wait > 0:
                raise LookTooSoon("error.look_too_soon", count=math.ceil(wait))
        answer = Look(public)
        if public and not seated:
            answer = Look(False, ("look.players_only", {}))
        elif public and draws:
            wait = max(
                self._public_channel.wait(channel_id, now),
                self._public_person.wait((user_id, channel_id), now),
            )
            if wait > 0:
                answer = Look(False, ("look.posted_recently", {"count": math.ceil(wait)}))
        if draws:
            self._drawn_person.take(user_id, now)
            self._drawn_channel.take(channel_id, now)
        if answer.public and draws:
            self._public_channel.take(channel_id, now)
            self._public_person.take((user_id, channel_id), now)
        return replace(answer, counted_at=now) if draws else answer

    def give_back(self, user_id: int, channel_id: int, look: Look) -> None:
        """Uncount `look`, which turned out to have nothing to show (a turn the game has not
        had, a replay too big to send): a mistyped option neither spends the asker's drawings
        nor keeps the channel's board from being posted."""
        if look.counted_at is None:
            return
        self._drawn_person.give_back(user_id, look.counted_at)
        self._drawn_channel.give_back(channel_id, look.counted_at)
        if look.public:
            self._public_channel.give_back(channel_id, look.counted_at)
            self._public_person.give_back((user_id, channel_id), look.counted_at)
