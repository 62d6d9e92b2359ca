"""`TABLETOP_SHARDS` and `TABLETOP_SHARD_IDS`: what one process of a cluster runs."""

from __future__ import annotations

import pytest

from service.shards import ShardPlan, ShardSettingError, shard_plan


def test_no_settings_leave_the_count_to_discord():
    assert shard_plan(None, None) == ShardPlan(None, None)
    assert shard_plan("", " ").process_name == "all"


def test_a_count_alone_runs_every_shard_in_this_process():
    assert shard_plan("4", None) == ShardPlan(4, (0, 1, 2, 3))


def test_ids_as_lists_and_ranges():
    plan = shard_plan("16", "4-7, 12")
    assert plan.ids == (4, 5, 6, 7, 12)
    assert plan.process_name == "shards 4,5,6,7,12"  # the same after a restart


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [
        (None, "0-3", "needs TABLETOP_SHARDS"),
        ("zero", None, "whole number"),
        ("0", None, "whole number"),
        ("4", "2-9", "shard 4 does not exist with 4 shard(s)"),
        ("4", "a", "'a' is not a shard number"),
    ],
)
def test_a_setting_that_cannot_be_right_says_why(count, ids, says):
    with pytest.raises(ShardSettingError, match=says.replace("(", r"\(").replace(")", r"\)")):
        shard_plan(count, ids)
