"""The only package that speaks SQL: games, seats and moves, in a SQLite file or PostgreSQL."""

from db.database import ChannelBusy, Database, GameRecord, MoveRecord, StaleVersion

__all__ = ["ChannelBusy", "Database", "GameRecord", "MoveRecord", "StaleVersion"]
