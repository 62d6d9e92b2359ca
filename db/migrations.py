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
    # 2: asynchronous life: reminders, turn clocks, seats played by the fallback player, and
    # each member's notification and away settings per server.
    """
    ALTER TABLE games ADD COLUMN reminder_hours REAL NOT NULL DEFAULT 24;
    ALTER TABLE games ADD COLUMN reminded_at REAL;
    ALTER TABLE games ADD COLUMN muted_turn REAL;
    ALTER TABLE games ADD COLUMN clock_days REAL;
    ALTER TABLE games ADD COLUMN clock_action TEXT NOT NULL DEFAULT 'fallback'
        CHECK (clock_action IN ('fallback', 'vote'));
    ALTER TABLE games ADD COLUMN clock_extra REAL NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN clock_asked REAL;
    ALTER TABLE seats ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE members (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        dm INTEGER NOT NULL DEFAULT 0,
        dm_failed INTEGER NOT NULL DEFAULT 0,
        away_from REAL,
        away_until REAL,
        PRIMARY KEY (guild_id, user_id)
    );
    """,
    # 3: rules versions (docs/architecture.md "Rules versions"): a game's `rules` option names the
    # rules it is played under, absent meaning the current ones. Every game stored so far was
    # played under its game's first rules, so it is pinned to version 1 (a game whose rules have
    # no version 2 yet reads the same either way).
    """
    UPDATE games SET options = json_set(options, '$.rules', 1)
        WHERE json_extract(options, '$.rules') IS NULL;
    """,
    # 4: the outbox (docs/delivery.md): every channel message, ping and DM the service decided on,
    # kept until Discord took it. A row with no body is a promise, written in the same transaction
    # as a move: "this move will be announced"; the message itself replaces it once drawn.
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        dm_to INTEGER,
        body TEXT,
        image BLOB,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'refused')),
        attempts INTEGER NOT NULL DEFAULT 0,
        due_at REAL NOT NULL,
        created_at REAL NOT NULL,
        sent_at REAL,
        error TEXT
    );
    CREATE INDEX outbox_pending ON outbox (due_at) WHERE status = 'pending';
    CREATE INDEX outbox_by_game ON outbox (game_id, status);
    ALTER TABLE games ADD COLUMN delivery_reported INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: a turn clock put to the others hands a seat over only on a majority of them: each
    # person's vote is kept, one per person and turn (`turn`: the turn's `turn_started_at`,
    # `seat`: the seat the vote would hand over).
    """
    CREATE TABLE handover_votes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        turn REAL NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, turn, user_id)
    );
    """,
    # 6: languages. Each game has one: its channel messages, reminders and
    # clock messages are written in it. The games stored so far were played in English and stay
    # so. `people` keeps each person's last Discord locale, for the DMs sent to them.
    """
    ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    CREATE TABLE people (
        user_id INTEGER PRIMARY KEY,
        locale TEXT NOT NULL,
        seen_at REAL NOT NULL
    );
    """,
    # 7: seeds wider than SQLite's 64-bit integers. A new game's seed is 128 bits (service/tables.py),
    # so its hidden piles cannot be found by trying seeds against its opening board; it is kept
    # as decimal text in `seed_text` (`seed` then holds 0). Games stored before keep theirs in
    # `seed` and replay as they did.
    """
    ALTER TABLE games ADD COLUMN seed_text TEXT;
    """,
    # 8: upkeep (service/upkeep.py). The periodic check finds lobbies idle since a time and
    # aborted lobbies old enough to forget by status and age, and drops settled outbox rows by
    # when they settled: each an index search, not a scan of every game or message ever kept.
    """
    CREATE INDEX games_by_status_age ON games (status, updated_at);
    CREATE INDEX outbox_settled ON outbox (sent_at) WHERE status != 'pending';
    """,
    # 9: how many tables one person may hold open in a server (service/limits.py): each server's
    # own caps, set by its managers (NULL: the bot's default), and the index that counts a
    # person's open lobbies (their seats are counted through `seats_by_user`).
    """
    CREATE TABLE server_limits (
        guild_id INTEGER PRIMARY KEY,
        lobbies INTEGER CHECK (lobbies > 0),
        games INTEGER CHECK (games > 0),
        changed_by INTEGER NOT NULL,
        changed_at REAL NOT NULL
    );
    CREATE INDEX games_lobbies_by_creator ON games (creator_id, guild_id) WHERE status = 'lobby';
    """,
    # 10: each move keeps the state it was played on, so `/undo` restores it instead of replaying the
    # whole game from its seed. Only the game's last moves keep theirs (`Database.record_move`);
    # moves stored before, and older ones, have none and are replayed.
    """
    ALTER TABLE moves ADD COLUMN state_before TEXT;
    """,
    # 11: a turn clock put to the others waits one more day per person and turn, however often
    # they click Wait: each person's wait is kept, as a hand-over vote is (`turn`: the turn's
    # `turn_started_at`).
    """
    CREATE TABLE clock_waits (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        turn REAL NOT NULL,
        user_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, turn, user_id)
    );
    """,
    # 12: when each game in play next needs the periodic check (a reminder, a turn clock), so the
    # check reads the few games due, by `games_due`, not every game in play. Any change to a game
    # (`Database._bump`), to a seat or to a player's time away sets it to 0: "check at the next
    # round", where the check works out the real time again. Games stored before are all due once.
    # `outbox_waiting` finds the messages still waiting in one channel, before a newer one goes.
    # `claimed_by` names the process that holds a message, promise or attempt (`Database.process`):
    # a restarted process takes back its own claims at once, and another's only when they lapse.
    """
    ALTER TABLE games ADD COLUMN due_at REAL DEFAULT 0;
    CREATE INDEX games_due ON games (status, due_at);
    CREATE INDEX outbox_waiting ON outbox (channel_id, id) WHERE status = 'pending';
    ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
    """,
    # 13: a game that ended long ago keeps its moves packed in one compressed column (`record`:
    # each move's seat, notation, player and time; `db/packing.py`) instead of a row each with its
    # event and the states `/undo` needed, so a finished game takes a few kilobytes, not hundreds;
    # the events are worked out again by replaying it. `games_to_pack` finds the ended games not
    # packed yet, by when they ended, without reading the packed ones.
    """
    ALTER TABLE games ADD COLUMN record BLOB;
    CREATE INDEX games_to_pack ON games (updated_at)
        WHERE status IN ('finished', 'aborted') AND record IS NULL;
    """,
    # 14: the AI opponent's levels (engine/ai/levels.py). `seats.level` is the level of a seat
    # `/game add-bot level:` filled (NULL: the fallback player, `easy`, as every bot seat stored
    # before); `games.stand_in` the level of whoever takes over a seat its person left or whose
    # clock ran out (`/game settings`; NULL: `easy`).
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE games ADD COLUMN stand_in TEXT;
    """,
    # 15: results and ratings (docs/stats.md). `results` keeps each seat's result of a finished
    # game, written with its last move: who played it (a person, or an AI seat's negative id and
    # level), how it ended for them, score and place, the board and side (content keys), when the
    # game ran, how long the person took to move, and the seat's rating after it (NULL: the game
    # was not rated). `ratings` holds each player's current OpenSkill rating per server and game
    # (an AI level is one player: `user_id` 0 and its level), `shown` (mu - 3 sigma) its order;
    # `rating_scopes` one row per server and game that every rating update locks first, so two
    # games ending at once in one server are rated one after the other. Games finished before are
    # rated by `tabletop ratings --rebuild`.
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        level TEXT,
        outcome TEXT NOT NULL CHECK (outcome IN ('played', 'resigned', 'left')),
        score INTEGER NOT NULL,
        place INTEGER NOT NULL,
        board TEXT,
        faction TEXT,
        moves INTEGER NOT NULL,
        started_at REAL NOT NULL,
        ended_at REAL NOT NULL,
        waits TEXT NOT NULL,
        mu REAL,
        sigma REAL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_player ON results (guild_id, user_id, ended_at);
    CREATE INDEX results_by_server ON results (guild_id, game, ended_at);
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        level TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        shown REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id, level)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, shown);
    CREATE TABLE rating_scopes (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game)
    );
    """,
    # 16: work a migration leaves for the bot to do when it next starts, before it serves
    # (service/ratings.py `backfill`): a row per piece of work, its `done_at` set in the
    # transaction that does it, so it is done once, whole or not at all. `results`: games that
    # finished before migration 15 have no results, so their players have no stats or ratings; the
    # start works them all out from the stored games, as `tabletop ratings --rebuild` does. A
    # database without such a game (a new one) gets no row.
    """
    CREATE TABLE backfills (
        name TEXT PRIMARY KEY,
        done_at REAL
    );
    INSERT INTO backfills (name)
        SELECT 'results' WHERE EXISTS (
            SELECT 1 FROM games WHERE status = 'finished'
                AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)
        );
    """,
    # 17: `games_to_pack` again, its rows led by `record`, NULL in every one of them. Without
    # statistics (a file SQLite never analyzed), the planner took `games_by_status_age` for the
    # upkeep's query instead: `status IN (...)` is an equality there, and the index on
    # `updated_at` alone offered only a range, so it read every ended game's entry and sorted them
    # (milliseconds a check at ten thousand games, growing with history). Led by `record`, the
    # partial index offers an equality too (`record IS NULL`) and gives its rows already in
    # `updated_at` order, so it is the cheaper plan with statistics or without.
    """
    DROP INDEX games_to_pack;
    CREATE INDEX games_to_pack ON games (record, updated_at)
        WHERE status IN ('finished', 'aborted') AND record IS NULL;
    """,
]
