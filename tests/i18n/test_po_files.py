"""The translation catalogs as gettext PO files: the template in step with the English catalog,
every language's file checked for placeholders and stale entries, and `t()` reading a PO file with
its own plural rule."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

import i18n
from i18n import po
from i18n.en import MESSAGES


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def english_forms(key: str) -> tuple[str, ...]:
    entry = MESSAGES[key]
    return (entry,) if isinstance(entry, str) else (entry.get("one", entry["other"]), entry["other"])


def test_the_template_translators_get_is_the_english_catalog_of_today():
    """A translator starts from `i18n/locale/messages.pot`: it must hold every English text,
    under its key, and nothing else (`python -m i18n pot` writes it)."""
    committed = po.read(po.TEMPLATE)
    want = {(key, english_forms(key)) for key, entry in MESSAGES.items() if entry}
    have = {
        (str(m.context), tuple(m.id) if isinstance(m.id, tuple | list) else (m.id,))
        for m in committed
        if m.id
    }
    assert have == want, "run: python -m i18n update"


@pytest.mark.parametrize("language", po.languages())
def test_each_language_keeps_the_placeholders_and_has_no_stale_entry(language):
    """Placeholders that do not match English would crash or lie (`{user}` dropped, `{usr}`
    made up); an entry for a key that no longer exists, or for English that changed without the
    translation being marked fuzzy, would show an old sentence."""
    catalog = po.read(po.catalog_path(language), language)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        key = str(message.context)
        if key not in MESSAGES:
            problems.append(f"{key}: no such English key")
            continue
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        if ids != english_forms(key) and not message.fuzzy:
            problems.append(f"{key}: its English changed (run python -m i18n update)")
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        allowed = set().union(*(fields(text) for text in english_forms(key)))
        needed = allowed - {"count"}  # a singular may say "um" instead of the number
        for form in forms:
            if form and not (needed <= fields(form) <= allowed):
                problems.append(f"{key}: placeholders {sorted(fields(form))}, English has {sorted(allowed)}")
    assert not problems, problems


def test_t_reads_a_po_file_with_its_own_plural_rule(tmp_path: Path, monkeypatch):
    """Portuguese counts 0 and 1 as singular and a million as its own form (CLDR, as Babel
    writes the file's Plural-Forms); a fuzzy or empty entry falls back to English."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="pt_BR", domain="messages")
    catalog.add("It is not your turn.", "Não é a sua vez.", context="error.not_your_turn")
    one, other = english_forms("rebirth.count.castles")
    catalog.add(
        (one, other),
        ("{count} castelo", "{count} de castelos", "{count} castelos"),
        context="rebirth.count.castles",
    )
    catalog.add("This game is over.", "Velho.", context="error.game_over", flags=["fuzzy"])
    monkeypatch.setattr(po, "LOCALE_DIR", tmp_path)
    po.write(catalog, po.catalog_path("pt_BR"))
    i18n.reload()
    try:
        assert i18n.t("error.not_your_turn", "pt-BR") == "Não é a sua vez."
        assert [i18n.t("rebirth.count.castles", "pt-BR", count=n) for n in (0, 1, 2, 1_000_000)] == [
            "0 castelo",
            "1 castelo",
            "2 castelos",
            "1000000 de castelos",
        ]
        assert i18n.t("error.game_over", "pt-BR") == "This game is over."  # fuzzy: English
        assert i18n.t("error.resigned", "pt-BR") == MESSAGES["error.resigned"]  # missing: English
        assert i18n.lookup("error.resigned", "pt-BR") is None  # Discord shows its default then
        assert i18n.t("error.not_your_turn", "pt-PT") == "Não é a sua vez."  # the Portuguese there is
    finally:
        monkeypatch.undo()
        i18n.reload()


COMPLETE = ("pt_BR",)  # languages a player can use without meeting English they did not choose


@pytest.mark.parametrize("language", COMPLETE)
def test_a_complete_language_has_every_english_text_translated(language):
    """The pt-BR catalog is complete: no entry empty or fuzzy (English would show), none missing."""
    catalog = po.read(po.catalog_path(language), language)
    done = {str(message.context) for message in po.translated(catalog)}
    missing = sorted(key for key, entry in MESSAGES.items() if entry and key not in done)
    assert not missing, f"{len(missing)} to translate: {missing[:10]}"


@pytest.mark.parametrize("language", po.languages())
def test_translated_command_texts_fit_discord(language):
    """Discord refuses a whole command tree whose localised description is over 100 characters
    (the bot's commands would not sync at all): every translated `cmd.*` text fits."""
    catalog = po.read(po.catalog_path(language), language)
    too_long = [
        str(m.context)
        for m in po.translated(catalog)
        if str(m.context).startswith("cmd.") and not 1 <= len(str(m.string)) <= 100
    ]
    assert not too_long, too_long
