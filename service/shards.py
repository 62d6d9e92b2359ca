"""Which Discord shards one process runs, from `TABLETOP_SHARDS` and `TABLETOP_SHARD_IDS`.

Discord wants one shard per 2,500 servers; a big bot runs its shards in several processes (a
cluster), each naming its own, over one shared PostgreSQL database (docs/deploy.md). Without
these settings one process runs every shard Discord recommends.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardSettingError(ValueError):
    """A shard setting that cannot be right; the message says which and why."""


@dataclass(frozen=True)
class ShardPlan:
    """`count`: shards in the whole bot (None: Discord's recommendation); `ids`: this process's
    (None: all of them)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def process_name(self) -> str:
        """How this process signs what it claims in the shared database (the outbox): the same
        after a restart, so a restarted process takes back only its own claims, never those of
        another process still running."""
        if self.ids is None:
            return "all"
        return "shards " + ",".join(str(shard) for shard in self.ids)


# One gateway connection, as an unsharded bot has: the tests' and the sandbox's (a live bot without
# settings asks Discord instead, `shard_plan`).
ONE_SHARD = ShardPlan(1, (0,))


def shard_plan(count: str | None, ids: str | None) -> ShardPlan:
    """Read the settings: `count` a whole number; `ids` a list such as `0,1,2` or a range `0-3`
    (or both, `0-3,8`), each below `count`."""
    count = (count or "").strip()
    ids = (ids or "").strip()
    if not count:
        if ids:
            raise ShardSettingError("TABLETOP_SHARD_IDS needs TABLETOP_SHARDS, the number of shards in all")
        return ShardPlan()
    if not count.isdigit() or int(count) < 1:
        raise ShardSettingError(
            f"TABLETOP_SHARDS must be a whole number of shards, 1 or more (not {count!r})"
        )
    total = int(count)
    if not ids:
        return ShardPlan(total, tuple(range(total)))
    chosen: list[int] = []
    for part in ids.split(","):
        first, _, last = part.strip().partition("-")
        if not first.isdigit() or (last and not last.isdigit()):
            raise ShardSettingError(
                f"TABLETOP_SHARD_IDS: {part.strip()!r} is not a shard number or range like 0-3"
            )
        chosen += range(int(first), int(last or first) + 1)
    wrong = [shard for shard in chosen if shard >= total]
    if wrong:
        raise ShardSettingError(
            f"TABLETOP_SHARD_IDS: shard {wrong[0]} does not exist with {total} shard(s) (0-{total - 1})"
        )
    if not chosen:
        raise ShardSettingError("TABLETOP_SHARD_IDS names no shard")
    return ShardPlan(total, tuple(sorted(set(chosen))))
