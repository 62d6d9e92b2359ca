"""The only package that speaks SQL: games, seats and moves in one SQLite file."""

from db.database import ChannelBusy, Database, GameRecord, MoveRecord, StaleVersion

__all__ = ["ChannelBusy", "Database", "GameRecord", "MoveRecord", "StaleVersion"]
