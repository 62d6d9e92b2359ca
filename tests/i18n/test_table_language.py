"""Who reads which language, through the real slash commands.

"A channel message is read by the whole table, so each game has a language: by default the server's
preferred locale (`guild_locale`), changeable with `/game new language:` and `/game settings`; every
channel message of that game, including those of the periodic check (reminders, clocks), uses it. A
private reply uses the caller's own Discord locale; a DM uses the recipient's last known locale. A
pt-BR Discord client sees the command list in Portuguese."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from i18n import recording
from i18n.en import MESSAGES as ENGLISH
from tests.support.discord import make_table, pinged
from tests.support.locales import english_in, speaking

HOUR = 3600
# Choices that read the same in every language: games, a place, languages named in themselves.
NAMES = ("Rebirth", "Revive", "Scotland", "English", "Português (Brasil)")


async def to_move(table):
    """The member whose autocomplete offers moves (None once the game is over)."""
    for member in table.members:
        if await member.autocomplete(table.channel, "move", "action", ""):
            return member
    return None


async def open_two(table, **options):
    ann, bob = table.members[:2]
    opened = await ann.slash(table.channel, "game new", game="rebirth", **options)
    await bob.slash(table.channel, "game join")
    started = await ann.slash(table.channel, "game start")
    return opened, started


async def test_a_brazilian_server_plays_in_portuguese_and_each_reads_private_replies_in_their_own(
    simcord_env, monkeypatch
):
    table = make_table(simcord_env, ["ana", "bob"])
    ana, bob = table.members
    speaking(monkeypatch, {ana.id: "pt-BR", bob.id: "en-US"}, {table.guild.id: "pt-BR"})
    opened, started = await open_two(table)
    assert "abriu" in opened.response.content and "🌐 Português (Brasil)" in opened.response.content
    assert "Seated" not in opened.response.content
    first = await to_move(table)
    moved = await first.slash(
        table.channel,
        "move",
        action=(await first.autocomplete(table.channel, "move", "action", ""))[0]["value"],
    )
    channel = [m.content for m in table.channel.history() if not m.flags.ephemeral]
    assert any("Sua vez" in text for text in channel), channel[-1]
    assert not english_in(channel, "pt-BR"), english_in(channel, "pt-BR")[:3]
    # Private replies follow each caller's own client: bob reads English, ana Portuguese.
    bob_hand = await bob.slash(table.channel, "hand")
    ana_hand = await ana.slash(table.channel, "hand")
    assert bob_hand.ephemeral and ana_hand.ephemeral
    assert "supply" in bob_hand.response.content.lower() or "hand" in bob_hand.response.content.lower()
    assert bob_hand.response.content != ana_hand.response.content
    assert not english_in([ana_hand.response.content], "pt-BR")
    refused = await bob.slash(table.channel, "game start")
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert refused.ephemeral and "already" in refused.response.content.lower()
    assert moved.response.message is not None


async def test_the_creator_chooses_the_language_and_settings_change_it(simcord_env, monkeypatch):
    table = make_table(simcord_env, ["ana", "bob"])
    ana, bob = table.members
    speaking(monkeypatch, {ana.id: "pt-BR", bob.id: "pt-BR"}, {table.guild.id: "pt-BR"})
    opened = await ana.slash(table.channel, "game new", game="rebirth", language="en")
    assert "opened" in opened.response.content and "🌐 English" in opened.response.content
    joined = await bob.slash(table.channel, "game join")
    assert "Seated" in joined.response.content, "the channel reads the game's language"
    changed = await ana.slash(table.channel, "game settings", language="pt-BR")
    assert not changed.ephemeral and "🌐 Português (Brasil)" in changed.response.content
    assert "Lembretes" in changed.response.content
    stranger = await bob.slash(table.channel, "game settings", language="en")
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert stranger.ephemeral and "criou a partida" in stranger.response.content, "the creator's choice"
    started = await ana.slash(table.channel, "game start")
    assert "Sua vez" in started.response.content or "começa" in started.response.content


async def test_a_plain_server_says_en_us_so_the_creator_s_language_is_the_game_s(simcord_env, monkeypatch):
    """Discord reports `en-US` for every server that is not a Community server: the creator's
    Portuguese client decides then (docs/translating.md)."""
    table = make_table(simcord_env, ["ana", "bob"])
    ana, bob = table.members
    speaking(monkeypatch, {ana.id: "pt-BR"})
    opened = await ana.slash(table.channel, "game new", game="rebirth")
    assert "🌐 Português (Brasil)" in opened.response.content
    await ana.slash(table.channel, "game abort")
    english = await bob.slash(table.channel, "game new", game="rebirth")
    assert "🌐 English" in english.response.content


async def test_reminders_and_dms_reach_each_reader_in_the_right_language(simcord_env, monkeypatch):
    table = make_table(simcord_env, ["ana", "bob"])
    ana, bob = table.members
    speaking(monkeypatch, {ana.id: "pt-BR", bob.id: "en-US"}, {table.guild.id: "pt-BR"})
    await open_two(table, reminder_hours=2)
    for member in (ana, bob):
        await member.slash(table.channel, "notify", dm="on")
    first = await to_move(table)
    other = bob if first is ana else ana
    choice = (await first.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    moved = await first.slash(table.channel, "move", action=choice)
    assert "Sua vez" in moved.response.content, "the channel reads the game's language"
    dm = other.user.dm_channel.last_message
    assert dm is not None and pinged(simcord_env, moved.response.message) == {other.id}
    if other is bob:
        assert "Your turn" in dm.content and "Sua vez" not in dm.content
    else:
        assert "Sua vez" in dm.content
    for _ in range(3):
        await simcord_env.advance_time(HOUR)
    [reminder] = [m for m in table.channel.history() if m.content.startswith("⏰")]
    assert "Rebirth" in reminder.content and not english_in([reminder.content], "pt-BR")
    assert pinged(simcord_env, reminder) == {other.id}
    reminded = other.user.dm_channel.last_message
    assert ("it is your move" if other is bob else "é a sua vez") in reminded.content, reminded.content


async def test_a_portuguese_client_sees_the_command_list_in_portuguese(simcord_env):
    commands = {command["name"]: command for command in simcord_env.backend.commands[None].values()}
    assert {"game", "move", "hand", "board", "rules", "help"} <= set(commands)
    missing = []

    def walk(node, path):
        if node.get("description") and "pt-BR" not in (node.get("description_localizations") or {}):
            missing.append(path)
        for choice in node.get("choices") or []:
            if choice["name"] not in NAMES and "pt-BR" not in (choice.get("name_localizations") or {}):
                missing.append(f"{path} choice {choice['name']}")
        for option in node.get("options") or []:
            walk(option, f"{path} {option['name']}")

    for name, command in commands.items():
        walk(command, name)
    assert not missing, missing
    new = next(o for o in commands["game"]["options"] if o["name"] == "new")
    clock = next(o for o in new["options"] if o["name"] == "clock")
    assert {c["name_localizations"]["pt-BR"] for c in clock["choices"]} >= {"nenhum", "2 dias"}
    language = next(o for o in new["options"] if o["name"] == "language")
    assert {c["value"] for c in language["choices"]} == {"en", "pt-BR"}


def fell_back_to_english(lookups) -> list[str]:
    """The keys looked up that no Portuguese entry answered (an empty English entry, such as a
    size a settlement condition leaves out, has nothing to translate)."""
    return sorted({x.key for x in lookups if x.served != "pt-BR" and ENGLISH.get(x.key) != ""})


def _texts(results) -> list[str]:
    out = []
    for result in results:
        if result.response is not None:
            out.append(result.response.content or "")
        out += [f.content or "" for f in result.followups]
    return out


@pytest.mark.slow
async def test_a_whole_rebirth_game_in_portuguese_never_falls_back_to_english(simcord_env, monkeypatch):
    table = make_table(simcord_env, ["ana", "bia"])
    speaking(monkeypatch, {m.id: "pt-BR" for m in table.members}, {table.guild.id: "pt-BR"})
    results = []
    with recording() as lookups:
        results += await open_two(table, map="scotland")
        for _ in range(200):
            member = await to_move(table)
            if member is None:
                break
            choices = await member.autocomplete(table.channel, "move", "action", "")
            results.append(await member.slash(table.channel, "move", action=choices[0]["value"]))
            if len(results) % 9 == 0:
                results.append(await member.slash(table.channel, "hand"))
                results.append(await member.slash(table.channel, "game status"))
        else:
            pytest.fail("the game did not end")
        results.append(await table.members[0].slash(table.channel, "game log"))
        results.append(await table.members[0].slash(table.channel, "rules"))
        results.append(await table.members[0].slash(table.channel, "board"))
    fell_back = fell_back_to_english(lookups)
    assert not fell_back, f"{len(fell_back)} texts not in Portuguese: {fell_back[:20]}"
    texts = _texts(results) + [m.content for m in table.channel.history()]
    assert not english_in(texts, "pt-BR"), english_in(texts, "pt-BR")[:5]
    assert any("Pontuação final" in text or "🏆" in text for text in texts)


@pytest.mark.slow
async def test_a_whole_revive_game_in_portuguese_never_falls_back_to_english(simcord_env, monkeypatch):
    """Ana plays beside a fallback seat (half the commands of two people, the same texts: the
    fallback player's turns are told in the channel as a person's are)."""
    import random

    from games.registry import load_engine, spec

    # The board's palette is drawn once per process, from English sprites, and never shown: drawn
    # here, before the lookups are recorded, so what is recorded is what players read.
    spec("revive").presenter(load_engine("revive")).warm_up()
    table = make_table(simcord_env, ["ana"])
    [ana] = table.members
    speaking(monkeypatch, {ana.id: "pt-BR"}, {table.guild.id: "pt-BR"})
    rng = random.Random(7)
    results = []
    with recording() as lookups:
        results.append(await ana.slash(table.channel, "game new", game="revive"))
        results.append(await ana.slash(table.channel, "game add-bot"))
        results.append(await ana.slash(table.channel, "game start"))
        for _ in range(1500):
            choices = await ana.autocomplete(table.channel, "move", "action", "")
            if not choices:
                break
            values = [c["value"] for c in choices]
            useful = [v for v in values if not v.split("@")[0].startswith(("crystal", "use ", "open "))]
            results.append(await ana.slash(table.channel, "move", action=rng.choice(useful or values)))
            await simcord_env.advance_time(30)
            if len(results) % 40 == 0:
                results.append(await ana.slash(table.channel, "hand"))
        else:
            pytest.fail("the game did not end")
        results.append(await ana.slash(table.channel, "rules"))
        results.append(await ana.slash(table.channel, "game status"))
    fell_back = fell_back_to_english(lookups)
    assert not fell_back, f"{len(fell_back)} texts not in Portuguese: {fell_back[:20]}"
    texts = _texts(results) + [m.content for m in table.channel.history()]
    assert not english_in(texts, "pt-BR"), english_in(texts, "pt-BR")[:5]
    assert any("Pontuação final" in text or "🏆" in text for text in texts)


async def test_a_merged_message_is_told_again_whole_for_a_dm():
    """A start (or a clock that ran out) merged with the fallback player's turns: a DM reader of
    another language gets both parts told again, not only the turns."""
    from service.messages import Message, headed

    async def head_in(locale):
        return f"head:{locale}"

    async def turns_in(locale):
        return f"turns:{locale}"

    [merged] = headed(Message("head", retell=head_in), [Message("turns", ping=(7,), retell=turns_in)])
    assert merged.text == "head\n\nturns" and merged.ping == (7,)
    assert merged.retell is not None and await merged.retell("en") == "head:en\n\nturns:en"
    [plain] = headed(Message("head"), [Message("turns", retell=turns_in)])
    assert plain.retell is None, "a part that cannot be told again: the DM reads the channel's text"


async def test_a_clock_vote_reaches_each_dm_reader_in_their_own_language(simcord_env, monkeypatch):
    """A DM uses the recipient's last known locale: the clock vote put to the others reads
    Portuguese in the channel and English in the DM of a player whose client is English."""
    table = make_table(simcord_env, ["ana", "bob"])
    ana, bob = table.members
    speaking(monkeypatch, {ana.id: "pt-BR", bob.id: "en-US"}, {table.guild.id: "pt-BR"})
    await open_two(table, clock=1, on_timeout="vote", reminder_hours=0)
    if await to_move(table) is bob:  # the vote goes to the others: let bob be one of them
        choice = (await bob.autocomplete(table.channel, "move", "action", ""))[0]["value"]
        await bob.slash(table.channel, "move", action=choice)
    await bob.slash(table.channel, "notify", dm="on")
    for _ in range(25):
        await simcord_env.advance_time(HOUR)
    [vote] = [m for m in table.channel.history() if m.content.startswith("⌛")]
    assert "Esperar mais um dia" in vote.content and pinged(simcord_env, vote) == {bob.id}
    dm = bob.user.dm_channel.last_message
    assert "Wait one more day, or hand the seat" in dm.content and "Esperar" not in dm.content
    assert not english_in([vote.content], "pt-BR")


async def test_a_fallback_seat_is_named_in_the_language_the_game_is_switched_to(simcord_env, monkeypatch):
    """An AI seat's name (its level) is told in the game's language of the moment, not in the one
    the seat was filled in: `/game settings language:` renames it in the lobby (and the images, below)."""
    table = make_table(simcord_env, ["ana"])
    [ana] = table.members
    speaking(monkeypatch, {ana.id: "pt-BR"}, {table.guild.id: "pt-BR"})
    await ana.slash(table.channel, "game new", game="rebirth", language="en")
    added = await ana.slash(table.channel, "game add-bot")
    assert "🤖 easy" in added.response.content
    switched = await ana.slash(table.channel, "game settings", language="pt-BR")
    assert "Lembretes" in switched.response.content
    joined_view = await ana.slash(table.channel, "game add-bot", level="strong")
    assert "<@" in joined_view.response.content and "🤖 fácil, 🤖 forte" in joined_view.response.content
    assert "easy" not in joined_view.response.content


def test_the_images_name_fallback_seats_in_the_language_they_are_drawn_in():
    from db import GameRecord
    from service.images import seat_names

    game = GameRecord(
        1, 1, 5, "rebirth", {}, 7, "active", 101, None, 1, 0.0, 0.0, None, 24, None, None, None,
        "fallback", 0.0, None, players=(101, -1, 202), names=("ana", "Fallback bot 1", "bob"),
        bots=(False, False, True), language="en",
    )  # fmt: skip
    assert seat_names(game, "pt-BR") == ["ana", "Bot automático 1", "bob (bot)"]
    assert seat_names(game, "en") == ["ana", "Fallback bot 1", "bob (bot)"]
    # Seats added with a level are named by it; two of one level are numbered.
    levelled = replace(
        game,
        players=(101, -1, -2, -3),
        names=("ana", "", "", ""),
        bots=(False, True, True, True),
        levels=(None, "strong", "easy", "strong"),
    )
    assert seat_names(levelled, "en") == ["ana", "strong 1", "easy", "strong 2"]
    assert seat_names(levelled, "pt-BR") == ["ana", "forte 1", "fácil", "forte 2"]


async def test_a_portuguese_player_ends_a_revive_turn_with_the_word_the_hint_gives(simcord_env, monkeypatch):
    """The prompt tells a Portuguese reader to end the turn "com `encerrar`": typed into
    `/jogar` without picking from the list, that word (the start of the move's label) ends it,
    also for the English-client player at the table, who read it in the channel."""
    table = make_table(simcord_env, ["ana", "bob"])
    ana, bob = table.members
    speaking(monkeypatch, {ana.id: "pt-BR", bob.id: "en-US"}, {table.guild.id: "pt-BR"})
    await ana.slash(table.channel, "game new", game="revive")
    await bob.slash(table.channel, "game join")
    await ana.slash(table.channel, "game start")
    for _ in range(2):  # each player's turn: one pt-BR client, one en-US
        first = await to_move(table)
        switched = await first.slash(table.channel, "move", action="switch gear")
        assert switched.ephemeral
        assert ("`encerrar`" if first is ana else "`end`") in switched.response.content
        ended = await first.slash(table.channel, "move", action="encerrar")
        assert not ended.ephemeral and "Sua vez" in ended.response.content, ended.response.content
        assert await to_move(table) is not first
