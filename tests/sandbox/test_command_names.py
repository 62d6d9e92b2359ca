"""A sandbox in Portuguese names each command as its page lists it.

simcord's page lists the commands under the names the bot registered (English), not a
Portuguese client's (`/jogo novo`); a text naming `/jogar` would send a player looking for a
command the page does not have. So while a pt-BR sandbox runs, every text of its catalog names
the page's commands, options and choices, and once it stopped the catalog is Portuguese again.
"""

from __future__ import annotations

import i18n
from bot import create_bot
from i18n import t
from i18n.po import Translated
from sandbox.run import Sandbox
from tests.i18n.test_command_names import REFERENCE, tree_for, wrong_references


async def test_every_command_a_portuguese_sandbox_names_is_one_its_page_lists(tmp_path):
    database = str(tmp_path / "sandbox.sqlite3")
    sandbox = Sandbox(create_bot(database, seeds=lambda: 1), database, locale="pt-BR")
    await sandbox.start()
    try:
        registered = [dict(command) for command in sandbox.env.backend.commands[None].values()]
        listed = tree_for(registered, "en-US")  # the page shows each command's own name
        catalog = i18n.CATALOGS["pt-BR"]
        texts = {
            key: list(entry.forms) if isinstance(entry, Translated) else [entry]
            for key, entry in catalog.items()
            if not key.startswith("name.")
        }
        referring = {key: forms for key, forms in texts.items() if any(REFERENCE.search(f) for f in forms)}
        assert len(referring) >= 30, sorted(referring)
        wrong = {
            key: found
            for key, forms in referring.items()
            if (found := [w for form in forms for w in wrong_references(form, listed)])
        }
        assert not wrong, wrong
        lounge = sandbox.env.backend.get_channel(sandbox.world.channels["lounge"].id).topic
        assert lounge == (
            "Abra qualquer jogo aqui. /sandbox channel vai para outro canal, /sandbox wait adianta o relógio."
        )
        assert "`/board player:`" in t("revive.how_to_move", "pt-BR")
        assert "`/notify dm:off`" in t("notify.failed", "pt-BR")
        assert t("name.command.game.new", "pt-BR") == "novo"  # Discord's localisations stay
    finally:
        await sandbox.stop()
    assert "/teste canal" in t("sandbox.topic.lounge", "pt-BR")
    assert "`/tabuleiro jogador:`" in t("revive.how_to_move", "pt-BR")
