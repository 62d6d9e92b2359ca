"""How often one person, and one channel, may have a game's record exported.

An export re-plays the whole game in a worker (measured on one core for long 4-player games:
15 ms for Rebirth, 60-110 ms for Revive, about one board drawing) and uploads a file to
Discord. A person needs one now and then (their own view during the game, the whole record at
its end); a burst is only load on the workers and uploads nobody reads. So exports are counted
per person (in any channel) and per channel (whoever asks), on the service's clock, with the
looks' sliding `Window` (service/look_limits.py). They are counted apart from the drawings: a
file is not a look, and fetching one's record should not spend the boards one asks for next.
Past the count the answer is private, "export again in N seconds", and nothing is re-played or
sent. An export counts once the asker may have it (a stranger refused during the game counts
nothing); a record then found too big to attach still counts, as the re-play was done and
asking again gives the same answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from service.look_limits import Rate, Window
from service.messages import ServiceError

# The numbers (docs/async.md "Looking" says them to players):
EXPORTS_PER_PERSON = Rate(3, 60)  # records exported for one person, anywhere
EXPORTS_PER_CHANNEL = Rate(10, 60)  # records exported in one channel, by everyone: a whole table at the end


class ExportTooSoon(ServiceError):
    """The asker (or their channel) had as many records exported as the bot makes for now."""


class ExportLimits:
    """Counts exports per person and per channel on the service's clock."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._person = Window(EXPORTS_PER_PERSON)
        self._channel = Window(EXPORTS_PER_CHANNEL)

    def take(self, user_id: int, channel_id: int) -> None:
        """Count an export by `user_id` in `channel_id`, or refuse it (`ExportTooSoon`, with
        the seconds to wait; nothing counted)."""
        now = self._clock()
        wait = max(self._person.wait(user_id, now), self._channel.wait(channel_id, now))
        if wait > 0:
            raise ExportTooSoon("error.export_too_soon", count=math.ceil(wait))
        self._person.take(user_id, now)
        self._channel.take(channel_id, now)
