"""Rebirth's maps named as the Portuguese rules text names them ("Escócia", "Irlanda (Modo
Avançado)", ../shared/rules/rebirth.pt-BR.txt), wherever a Brazilian table meets a map: the
command list's choices, the table's title (lobby, thread, start), `/rules`, a refusal, and the
board image's panel; an English table keeps "Scotland" and "Ireland"."""

from __future__ import annotations

import pytest

from content.rebirth.loader import load_map
from engine.rebirth.mapfile import parse_map
from render.rebirth.geometry import layout_for
from render.rebirth.static import panel_image
from tests.support.discord import make_table, open_and_start, refused
from tests.support.locales import speaking
from tests.support.paths import ROOT

PT = "pt-BR"
RULES_TEXT = ROOT.parent / "shared" / "rules" / "rebirth.pt-BR.txt"


def test_the_rules_text_names_the_maps_so():
    """The names below are the rules text's own (its setup's headings)."""
    if not RULES_TEXT.exists():
        pytest.skip("the Portuguese rules text is not beside the checkout")
    headings = RULES_TEXT.read_text(encoding="utf-8").splitlines()
    assert "Escócia" in headings and "Irlanda (Modo Avançado)" in headings


async def test_a_portuguese_client_lists_the_maps_as_the_portuguese_rules_name_them(simcord_env):
    commands = {command["name"]: command for command in simcord_env.backend.commands[None].values()}
    new = next(o for o in commands["game"]["options"] if o["name"] == "new")
    maps = next(o for o in new["options"] if o["name"] == "map")["choices"]
    assert {c["value"]: c["name_localizations"][PT] for c in maps} == {
        "scotland": "Escócia",
        "ireland": "Irlanda (Modo Avançado)",
    }
    assert {c["value"]: c["name"] for c in maps} == {"scotland": "Scotland", "ireland": "Ireland (advanced)"}


async def test_a_brazilian_table_reads_its_map_in_portuguese_in_title_thread_and_rules(
    simcord_env, monkeypatch
):
    table = make_table(simcord_env, ["ana", "bia"])
    ana, bia = table.members
    speaking(monkeypatch, {ana.id: PT, bia.id: PT}, {table.guild.id: PT})
    opened = await ana.slash(table.channel, "game new", game="rebirth", map="ireland", thread=True)
    [room] = table.channel.threads
    assert room.name == "Rebirth: Irlanda"
    assert "abriu uma mesa de **Rebirth: Irlanda** em" in opened.response.content
    await bia.slash(room, "game join")
    started = await ana.slash(room, "game start")
    assert "**Rebirth: Irlanda** começou!" in started.response.content
    rules = (await bia.slash(room, "rules")).response.content
    assert "**Irlanda (Modo Avançado):**" in rules and "Ireland" not in rules, rules
    status = (await bia.slash(room, "game status")).response.content
    assert "**Rebirth: Irlanda**" in status and "Ireland" not in status, status
    # Where no game is played, `/regras` lists the games: Rebirth's maps by their Portuguese names.
    lounge = (await ana.slash(table.channel, "rules")).response.content
    assert "num mapa da Escócia ou da Irlanda" in lounge and "Scotland" not in lounge, lounge


async def test_x2_on_scotland_is_refused_naming_the_map_in_the_readers_language(simcord_env, monkeypatch):
    table = make_table(simcord_env, ["ana", "bia"])
    speaking(monkeypatch, {member.id: PT for member in table.members})
    await open_and_start(table)
    [mover] = [m for m in table.members if await m.autocomplete(table.channel, "move", "action", "")]
    result = await mover.slash(table.channel, "move", action="F7 x2")
    text = refused(simcord_env, result, "O mapa Escócia não tem Doubling Marker")
    assert "Scotland" not in text


@pytest.mark.parametrize(("map_id", "locale", "name"), [
    ("scotland", PT, "Escócia"),
    ("ireland", PT, "Irlanda"),
    ("scotland", "en", "Scotland"),
    ("ireland", "en", "Ireland"),
])  # fmt: skip
def test_the_board_images_panel_is_titled_with_the_map_in_the_images_language(map_id, locale, name):
    info = parse_map(load_map(map_id))
    _, labels = panel_image(info, layout_for(info), False, locale)
    titles = [label.text for label in labels if label.kind == "panel"]
    assert titles[:2] == ["REBIRTH", name], titles
