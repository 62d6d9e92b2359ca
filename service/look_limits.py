"""How often people may have the bot draw for them, and who may post a look in the channel.

Every image a look draws (`/board`, `/board player:`, the **Whole board** button, a replay)
costs the process real time in Pillow, and every public post lands in a channel the whole table
reads. So a channel's posts are for its players (a stranger gets the same look privately),
public boards are spaced out per channel and per person (a board asked for too soon is shown to
its asker privately instead: the one just posted is right above), and every drawing, private or
public, counts against the asker's and the channel's budget; past it the answer is a private
"look again in N seconds" and nothing is drawn.

A look counts as what it costs, in drawings (a `Window` use has a weight). Measured on one core
of the bot's machine, warm caches: a whole board is 50-70 ms (Rebirth, Revive); a position at a
past turn (`/game replay turn:`) 55-120 ms, a board drawn after a re-play of the moves, so one
drawing; an animated replay of a long 4-player game 2.1-2.4 s: `REPLAY_COST`, 40 boards. The
budgets are counted over two spans: ten minutes (`..._LONG`), where a replay counts in full, and
a minute at the same pace, which keeps a burst short and which boards alone reach first. A
minute's budget could never hold a replay's 40, so there one use spends at most half the minute
(`Window.most`): the asker, and the table around them, can still look after a replay. So a person
gets one replay in ten minutes (and twenty boards), a channel three, where counting a replay as
one board let a person have six a minute (15 s of a core) and a channel twelve (half a core). A
replay refused for its cost says so in words of its own, naming it.

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
DRAWINGS_PER_PERSON_LONG = Rate(60, 600)  # the same over ten minutes: where a replay's cost counts
DRAWINGS_PER_CHANNEL_LONG = Rate(120, 600)
REPLAY_COST = 40  # drawings an animated replay counts as: 2.1-2.4 s of a core, a board 50-70 ms


class Window:
    """A sliding window of uses per key: how long until the next use fits, and recording one.
    A use may weigh more than one (`weight`: a replay spends several drawings at once), and the
    window holds at most `rate.count` of weight in any `rate.seconds`; one use spends at most
    `most` of it (by default the whole window), so no use waits forever. Keys nobody used for a
    whole window are dropped as the clock passes, so strangers who come once leave nothing
    behind."""

    def __init__(self, rate: Rate, most: int | None = None) -> None:
        self.rate = rate
        self.most = rate.count if most is None else min(most, rate.count)
        self._uses: dict[Hashable, deque[tuple[float, int]]] = {}
        self._next_sweep = -math.inf

    def __len__(self) -> int:
        """How many keys it holds counts for now."""
        return len(self._uses)

    def wait(self, key: Hashable, now: float, weight: int = 1) -> float:
        """Seconds until `key` may use it once more with a use of `weight` (0: now): until
        enough of its oldest uses have left the window to make room for it."""
        weight = self._charged(weight)
        uses = self._recent(key, now) or ()
        over = sum(spent for _, spent in uses) + weight - self.rate.count
        if over <= 0:
            return 0.0
        for at, spent in uses:  # oldest first
            over -= spent
            if over <= 0:
                return max(0.0, at + self.rate.seconds - now)
        return 0.0  # not reached: with every use gone, a weight within the count fits

    def take(self, key: Hashable, now: float, weight: int = 1) -> None:
        """Record one use of `weight` by `key` at `now`."""
        weight = self._charged(weight)
        self._sweep(now)
        uses = self._recent(key, now)
        if uses is None:
            uses = self._uses[key] = deque()
        uses.append((now, weight))

    def give_back(self, key: Hashable, at: float, weight: int = 1) -> None:
        """Forget the use of `weight` `key` recorded `at`: the look it counted was refused after
        all."""
        uses = self._uses.get(key)
        use = (at, self._charged(weight))
        if uses is not None and use in uses:
            uses.remove(use)

    def _charged(self, weight: int) -> int:
        """What a use of `weight` spends here: at most `most`."""
        if weight < 1:
            raise ValueError(f"a use weighs at least 1, not {weight}")
        return min(weight, self.most)

    def _recent(self, key: Hashable, now: float) -> deque[tuple[float, int]] | None:
        uses = self._uses.get(key)
        if uses is not None:
            while uses and uses[0][0] <= now - self.rate.seconds:
                uses.popleft()
        return uses

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.rate.seconds
        stale = [
            key for key, uses in self._uses.items() if not uses or uses[-1][0] <= now - self.rate.seconds
        ]
        for key in stale:
            del self._uses[key]


MINUTES_FROM = 120.0
"""A wait longer than this is said in minutes ("in 10 minutes", not "in 600 seconds")."""


def waited(key: str, seconds: float) -> tuple[str, int]:
    """The refusal `key` and its count for a wait of `seconds`: in seconds, or past
    `MINUTES_FROM` the key's `_minutes` wording in whole minutes, rounded up."""
    if seconds > MINUTES_FROM:
        return f"{key}_minutes", math.ceil(seconds / 60)
    return key, math.ceil(seconds)


class LookTooSoon(ServiceError):
    """The asker (or their channel) had the bot draw as much as it will for now: a private
    answer with the wait, and nothing drawn."""


@dataclass(frozen=True)
class Look:
    """How a look is answered: in the channel (`public`) or to its asker alone, with the note
    (a catalog key and its parameters) that says why it is private when it was meant public."""

    public: bool
    note: tuple[str, dict[str, int]] | None = None
    counted_at: float | None = None  # when its drawing was counted (None: it draws nothing)
    cost: int = 1  # how many drawings it was counted as


class LookLimits:
    """Decides, on the service's clock, whether a look is posted, shown privately or put off."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._public_channel = Window(PUBLIC_BOARD_PER_CHANNEL)
        self._public_person = Window(PUBLIC_BOARD_PER_PERSON)
        # (window, whether it counts by person or by channel): every drawing counts in each.
        self._drawn = (
            (Window(DRAWINGS_PER_PERSON, most=DRAWINGS_PER_PERSON.count // 2), True),
            (Window(DRAWINGS_PER_CHANNEL, most=DRAWINGS_PER_CHANNEL.count // 2), False),
            (Window(DRAWINGS_PER_PERSON_LONG), True),
            (Window(DRAWINGS_PER_CHANNEL_LONG), False),
        )

    def look(self, user_id: int, channel_id: int, *, seated: bool, public: bool, draws: bool) -> Look:
        """A look asked by `user_id` in `channel_id`, meant for the channel (`public`) or not,
        drawing an image (`draws`) or only text. Refused (`LookTooSoon`, nothing counted) when
        its drawing is over budget; a public look by someone not seated, or a public board too
        soon after the last one, is turned private with a note. What is answered is counted."""
        return self._look(user_id, channel_id, seated, public, 1 if draws else 0)

    def replay(self, user_id: int, channel_id: int, *, seated: bool) -> Look:
        """An animated replay asked by `user_id` in `channel_id`: a look meant for the channel
        that counts as `REPLAY_COST` drawings, refused in words of its own (a board may still
        fit when a replay does not, so "look again" would not be true)."""
        refusal = ("error.replay_too_soon", {"boards": REPLAY_COST})
        return self._look(user_id, channel_id, seated, True, REPLAY_COST, refusal)

    def _look(
        self,
        user_id: int,
        channel_id: int,
        seated: bool,
        public: bool,
        cost: int,
        refusal: tuple[str, dict[str, int]] = ("error.look_too_soon", {}),
    ) -> Look:
        now = self._clock()
        if cost:
            wait = max(
                window.wait(user_id if by_person else channel_id, now, cost)
                for window, by_person in self._drawn
            )
            if wait > 0:
                key, words = refusal
                worded, count = waited(key, wait)
                raise LookTooSoon(worded, count=count, **words)
        answer = Look(public)
        if public and not seated:
            answer = Look(False, ("look.players_only", {}))
        elif public and cost:
            wait = max(
                self._public_channel.wait(channel_id, now),
                self._public_person.wait((user_id, channel_id), now),
            )
            if wait > 0:
                answer = Look(False, ("look.posted_recently", {"count": math.ceil(wait)}))
        if not cost:
            return answer
        for window, by_person in self._drawn:
            window.take(user_id if by_person else channel_id, now, cost)
        if answer.public:
            self._public_channel.take(channel_id, now)
            self._public_person.take((user_id, channel_id), now)
        return replace(answer, counted_at=now, cost=cost)

    def give_back(self, user_id: int, channel_id: int, look: Look) -> None:
        """Uncount `look`, which turned out to have nothing to show (a turn the game has not
        had, a replay too big to send): a mistyped option neither spends the asker's drawings
        nor keeps the channel's board from being posted."""
        if look.counted_at is None:
            return
        for window, by_person in self._drawn:
            window.give_back(user_id if by_person else channel_id, look.counted_at, look.cost)
        if look.public:
            self._public_channel.give_back(channel_id, look.counted_at)
            self._public_person.give_back((user_id, channel_id), look.counted_at)
