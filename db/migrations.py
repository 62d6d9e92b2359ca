"""Schema migrations, applied in order; `PRAGMA user_version` records how many have run.

Never edit a migration that has shipped: append a new one.
"""

MIGRATIONS: list[str] = [
    # 1: games, their seats, and every move.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        creator_id INTEGER NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        turn_started_at REAL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        move TEXT NOT NULL,
        event TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, number)
    );
    """,
]
