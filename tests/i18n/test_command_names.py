"""Command and option names in every language: a player reads the command list in their own.

A pt-BR client lists `/jogo novo`, `/jogar`, `/mão`: every command, subcommand and option has a
pt-BR name, valid under Discord's naming rule. And a message names a command the way its reader's
command list does: every `/…` in a catalog's messages, with its options (`jogador:`), is a command
of that catalog's own language. Discord shows a command mention (`</move:id>`) under the name it is
written with, in every client, so messages cannot leave the naming to Discord.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from babel.messages.pofile import read_po

from bot import create_bot
from i18n.en import MESSAGES as ENGLISH
from i18n.po import catalog_path
from sandbox.run import Sandbox

# Discord's rule for a chat command's or option's name (its `\p{L}` and `\p{N}` are `\w` here,
# without the underscore's exception mattering: Discord allows `-` and `_`).
VALID_NAME = re.compile(r"^[-_'\w]{1,32}$")
LOCALES = ("en-US", "pt-BR")
# A command named in a text: "/" not inside a word, a path, a mention or a URL.
REFERENCE = re.compile(r"(?<![\w/<:.])/([^\W\d_][\w-]*)")
# What may follow the name up to the end of its code span or clause: subcommand, options.
TAIL = re.compile(r"[^`\n.,;()]*")
CODE_SPAN = re.compile(r"`([^`]*)`")
OPTION_IN_CODE = re.compile(r"(?<![\w/])([^\W\d][\w]*):")


@dataclass
class Node:
    """A command or subcommand as one locale names it."""

    subcommands: dict[str, Node] = field(default_factory=dict)
    options: dict[str, set[str]] = field(default_factory=dict)  # each option's choice names


def named(payload: dict, locale: str) -> str:
    return (payload.get("name_localizations") or {}).get(locale, payload["name"])


def tree_for(payloads: list[dict], locale: str) -> dict[str, Node]:
    def build(payload: dict) -> Node:
        node = Node()
        for option in payload.get("options") or []:
            if option.get("type") in (1, 2):  # a subcommand or a subcommand group
                node.subcommands[named(option, locale)] = build(option)
            else:
                choices = {named(choice, locale) for choice in option.get("choices") or []}
                node.options[named(option, locale)] = choices
        return node

    return {named(payload, locale): build(payload) for payload in payloads}


@pytest.fixture(scope="module")
def payloads(tmp_path_factory):
    """Every command the bot registers, the sandbox's included, as simcord received them."""
    import asyncio

    async def collect() -> list[dict]:
        database = str(tmp_path_factory.mktemp("names") / "sandbox.sqlite3")
        sandbox = Sandbox(create_bot(database, seeds=lambda: 1), database)
        await sandbox.start()
        try:
            return [dict(command) for command in sandbox.env.backend.commands[None].values()]
        finally:
            await sandbox.stop()

    return asyncio.run(collect())


def walk(payload: dict, path: str = ""):
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options") or []:
        yield from walk(option, here)


def test_every_command_and_option_has_a_valid_portuguese_name(payloads):
    assert {"game", "move", "hand", "board", "sandbox"} <= {p["name"] for p in payloads}
    problems = []
    for command in payloads:
        for path, payload in walk(command):
            for locale in LOCALES:
                name = named(payload, locale)
                if locale != "en-US" and locale not in (payload.get("name_localizations") or {}):
                    problems.append(f"{path}: no {locale} name")
                if not VALID_NAME.match(name) or name != name.lower():
                    problems.append(f"{path}: {locale} name {name!r} breaks Discord's rule")
    assert not problems, problems


@pytest.mark.parametrize("locale", LOCALES)
def test_names_are_unique_among_their_siblings_in_each_language(payloads, locale):
    def clashes(siblings: list[dict], where: str) -> list[str]:
        names = [named(s, locale) for s in siblings]
        found = [f"{where}: {n}" for n in set(names) if names.count(n) > 1]
        for sibling in siblings:
            found += clashes(sibling.get("options") or [], f"{where} {sibling['name']}")
        return found

    assert not clashes(payloads, "/"), locale


def test_the_portuguese_names_are_portuguese(payloads):
    pt = tree_for(payloads, "pt-BR")
    assert {"jogo", "jogar", "mão", "tabuleiro", "regras", "ajuda"} <= set(pt)
    assert {"novo", "entrar", "iniciar", "status", "configurar", "histórico"} <= set(pt["jogo"].subcommands)
    assert {"mapa", "relógio", "idioma"} <= set(pt["jogo"].subcommands["novo"].options)
    assert set(pt["tabuleiro"].options) == {"jogador"}


def catalog_texts(locale: str) -> dict[str, list[str]]:
    """Every message of a catalog, by key (a plural message gives each of its forms)."""
    if locale == "en-US":
        return {
            key: list(value.values()) if isinstance(value, dict) else [value]
            for key, value in ENGLISH.items()
        }
    with open(catalog_path(locale.replace("-", "_")), "rb") as po:
        catalog = read_po(po, locale=locale.replace("-", "_"))
    out = {}
    for message in catalog:
        if message.context and message.string:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            out[message.context] = [form for form in forms if form]
    return out


def wrong_references(text: str, commands: dict[str, Node]) -> list[str]:
    """What `text` names that is not a command or option of `commands`."""
    wrong = []
    for reference in REFERENCE.finditer(text):
        node = commands.get(reference.group(1))
        if node is None:
            wrong.append(f"/{reference.group(1)}")
            continue
        for word in TAIL.match(text, reference.end()).group().split():
            if ":" in word:
                option, value = word.split(":", 1)
                if option not in node.options:
                    wrong.append(f"/{reference.group(1)} … {option}:")
                elif value and "{" not in value and value not in (node.options[option] or {value}):
                    wrong.append(f"/{reference.group(1)} … {option}:{value}")
            elif word in node.subcommands:
                node = node.subcommands[word]
            elif node.subcommands:  # a group named with a word that is none of its subcommands
                wrong.append(f"/{reference.group(1)} {word}")
                break
            else:
                break
    every_option = set()

    def gather(node: Node) -> None:
        every_option.update(node.options)
        for sub in node.subcommands.values():
            gather(sub)

    for node in commands.values():
        gather(node)
    for span in CODE_SPAN.findall(text):
        wrong += [f"{o}:" for o in OPTION_IN_CODE.findall(span) if o not in every_option]
    return wrong


@pytest.mark.parametrize("locale", LOCALES)
def test_messages_name_commands_as_their_readers_command_list_does(payloads, locale):
    commands = tree_for(payloads, locale)
    texts = catalog_texts(locale)
    referring = {key: forms for key, forms in texts.items() if any(REFERENCE.search(f) for f in forms)}
    assert len(referring) >= 30, sorted(referring)  # the help, the hints, the refusals
    wrong = {
        key: found
        for key, forms in referring.items()
        if (found := [w for form in forms for w in wrong_references(form, commands)])
    }
    assert not wrong, wrong


def test_the_reference_check_catches_an_english_name_in_portuguese(payloads):
    commands = tree_for(payloads, "pt-BR")
    assert wrong_references("Jogue com `/move`.", commands) == ["/move"]
    assert "/tabuleiro … player:" in wrong_references("veja com `/tabuleiro player:`", commands)
    assert wrong_references("(`share:True` publica)", commands) == ["share:"]
    assert wrong_references("Use `/jogo iniciar` ou `/tabuleiro jogador:`.", commands) == []
    assert wrong_references("Use /jogo start agora.", commands) == ["/jogo start"]
    assert wrong_references("`/avisos dm:off`", commands) == ["/avisos … dm:off"]
    assert wrong_references("`/avisos dm:desligadas`, `/regras jogo:{id}`", commands) == []
