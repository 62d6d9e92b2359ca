"""The Portuguese catalog says one thing with one word, the word docs/glossary-pt-BR.md gives it;
counts its nouns by their number, in the images too; and words its command descriptions as the
rest of the command list (imperative, naming the choices as the list shows them)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from i18n import t
from i18n.en import MESSAGES as ENGLISH
from i18n.po import entries
from i18n.revive_words import IMAGE, resources_text
from tests.support.discord import make_table
from tests.support.locales import speaking
from tests.support.paths import ROOT

PT = "pt-BR"
CATALOG = entries("pt_BR")
GLOSSARY = (ROOT / "docs" / "glossary-pt-BR.md").read_text(encoding="utf-8")


def forms(entry: object) -> list[str]:
    """An entry's texts: the template, or each plural form."""
    if isinstance(entry, str):
        return [entry]
    found = getattr(entry, "forms", None)
    return list(found) if found is not None else list(entry.values())  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Rule:
    """One thing, one word: every entry whose English matches `english` says `portuguese` (when
    given) and never `never`; `glossary` are the words the glossary's row for it holds."""

    name: str
    english: str
    portuguese: str | None
    never: str
    glossary: tuple[str, ...]  # the words of its row in the glossary's tables
    numbered_ok: bool = False  # "turn {turn}", a numbered turn, is "turno"; so are turns counted
    # or chosen by number: `/jogo rever turno:` (its option), "{count} turnos", "turno de número"

    def problems(self) -> list[str]:
        out = []
        for key, entry in ENGLISH.items():
            english = " ".join(forms(entry))
            if key.startswith("name.") or not re.search(self.english, english) or key not in CATALOG:
                continue
            text = " ".join(forms(CATALOG[key]))
            if self.portuguese and not re.search(self.portuguese, text):
                out.append(f"{self.name}: {key} does not say {self.portuguese!r}: {text[:90]!r}")
            if self.numbered_ok:
                text = re.sub(r"\bturno:|\{count\} turnos?\b|\bturnos? de número\b", "", text)
            never = re.search(self.never, text)
            if never and not (self.numbered_ok and "{turn}" in english):
                out.append(f"{self.name}: {key} says {never.group()!r}: {text[:90]!r}")
        return out


RULES = (
    # The command is `/jogo cancelar`: a text that tells how to abort says that word.
    Rule("abort", r"\babort", r"cancel", r"encerr", ("abort", "cancelar", "encerrar")),
    # "O relógio da vez acaba" reads as the clock object breaking; the time runs out.
    Rule("turn clock", r"\bruns? out\b|\bran out\b", r"esgot", r"\bacab", ("se esgota", "acaba")),
    Rule("winner", r"\bWinner\b", r"Vencedor", r"Vitória(?! dividida)", ("Vencedor", "Vitória")),
    # Whose turn it is, is "vez"; only a numbered turn ("turno 12") is a "turno".
    Rule("turn", r"\bturns?\b", None, r"\bturnos?\b", ("whose turn", "vez", "turno"), numbered_ok=True),
    # "Nesta vez", "desta vez" read as "this time".
    Rule(
        "this turn",
        r"(?i)\b(?:this|that) turn\b|\bturn's\b",
        None,
        r"\b[nd][ae]s?sa vez\b|\b[nd]esta vez\b",
        ("this turn", "nesta vez", "desta vez"),
    ),
)


@pytest.mark.parametrize("rule", RULES, ids=[rule.name for rule in RULES])
def test_one_thing_has_one_word_in_portuguese_as_the_glossary_says(rule: Rule) -> None:
    assert rule.problems() == []
    rows = [line for line in GLOSSARY.splitlines() if line.startswith("|")]
    assert any(all(word in row for word in rule.glossary) for row in rows), (
        f"docs/glossary-pt-BR.md has no row saying {rule.glossary} ({rule.name})"
    )


def test_every_portuguese_command_description_is_imperative() -> None:
    """As the English ("Show another channel"), each description that starts with a verb gives
    it as an order ("Mostre outro canal"), never in the infinitive ("Mostrar")."""
    infinitive = re.compile(r"^[A-Za-zÀ-ú]+(?:ar|er|ir)\b")
    found = {
        key: text
        for key, text in CATALOG.items()
        if key.startswith("cmd.") and isinstance(text, str) and infinitive.match(text)
    }
    assert found == {}


def test_a_description_names_the_choices_as_the_list_shows_them() -> None:
    """`/avisos dm:` lists "ligadas" and "desligadas": its description says those words."""
    on, off = CATALOG["choice.dm.on"], CATALOG["choice.dm.off"]
    assert (on, off) == ("ligadas", "desligadas")
    assert f"{on} ou {off}" in CATALOG["cmd.notify.dm"]


def test_a_plain_portuguese_entry_puts_no_plural_noun_after_a_number_that_may_be_one() -> None:
    """No "mesa com 1 sentados" nor "1 pequenos": a number that may be 1 takes its noun from a
    plural entry (or, where one text counts two things, stands after its noun as a label's value)."""
    always_several = {"mission.clusters"}  # as in English: used for a count above 1 only
    counted = re.compile(r"\{(?:count|cost|small|large|amount)\} (?:[a-zà-ú]+ )?[a-zà-ú]+s\b")
    plain = {
        key: text
        for key, text in CATALOG.items()
        if isinstance(text, str) and counted.search(text) and key not in always_several
    }
    assert plain == {}


def test_counted_words_agree_with_their_number_in_texts_and_images() -> None:
    lobby = "games.lobby"
    assert t(lobby, PT, title="T", link="L", count=1) == "**T**: mesa aberta com 1 jogador · L"
    assert t(lobby, PT, title="T", link="L", count=3) == "**T**: mesa aberta com 3 jogadores · L"
    assert [t("revive.img.minors", PT, count=n) for n in (1, 2)] == ["+1 menor", "+2 menores"]
    assert [t("revive.img.player.tech_cost", PT, cost=n, count=n) for n in (1, 3)] == ["1 livro", "3 livros"]
    assert resources_text({"gear": 2, "book": 1}, PT, "+", IMAGE) == "+2 engrenagens +1 livro"
    assert resources_text({"crystal": 2, "food": 3}, PT, style=IMAGE) == "2 cristais, 3 comida"
    buildings = t("revive.img.player.buildings", PT, small=1, large=2)
    assert buildings == "Edifícios restantes: pequenos 1, grandes 2"
    # English images keep their short singular ("+2 gear" fits a token).
    assert resources_text({"gear": 2}, "en", "+", IMAGE) == "+2 gear"
    assert t("revive.img.player.tech_cost", "en", cost=3, count=3) == "3 book"


async def test_a_portuguese_reader_sees_a_lobby_counted_and_the_clock_running_out(simcord_env, monkeypatch):
    """`/jogos` counts a lobby's players ("mesa aberta com 1 jogador"); the turn clock's
    settings say the time runs out ("o tempo se esgota"), the clock's choice says "a vez"."""
    table = make_table(simcord_env, ["ana", "bia"])
    ana, bia = table.members
    speaking(monkeypatch, {ana.id: PT, bia.id: PT}, {table.guild.id: PT})
    opened = await ana.slash(table.channel, "game new", game="rebirth", clock=2, on_timeout="fallback")
    assert "quando o tempo se esgota, o jogador automático joga a vez" in opened.response.content
    games = (await ana.slash(table.channel, "games")).response.content
    assert "mesa aberta com 1 jogador ·" in games, games
    await bia.slash(table.channel, "game join")
    games = (await bia.slash(table.channel, "games")).response.content
    assert "mesa aberta com 2 jogadores ·" in games, games
    aborted = await ana.slash(table.channel, "game abort")
    assert "cancelou a partida" in aborted.response.content, aborted.response.content


def test_a_refusal_names_an_option_as_the_readers_command_list_does() -> None:
    """`/jogo novo jogo:revive mapa:…` is refused naming `mapa`, the option the reader typed."""
    from games.registry import spec
    from presenters.errors import error_text
    from service.lobby import checked_options
    from service.messages import ServiceError

    with pytest.raises(ServiceError) as refused:
        checked_options(spec("revive"), {"map": "scotland"})
    assert error_text(refused.value, PT) == "Em Revive, não há mapa para escolher: deixe a opção mapa vazia."
    assert error_text(refused.value) == "Revive has no map to choose: leave the map option empty."
