"""`python -m i18n pot` writes the translators' template from the English catalog;
`python -m i18n update [LANG]` brings each language's PO file in step with it (new keys added
empty, changed English marked fuzzy, keys gone made obsolete); `python -m i18n new LANG` starts a
language. See i18n/po.py, i18n/content.py and docs/translating.md.

The content texts' English (`i18n/en_content.py`) is generated from the games' data files by
`python scripts/content_texts.py`, which then runs `update` itself: i18n/ knows no game, so it
reads the content texts as that script last wrote them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from babel.messages.catalog import Catalog

from i18n.content import PREFIX
from i18n.en import MESSAGES
from i18n.en_content import MESSAGES as CONTENT_TEXTS
from i18n.po import TEMPLATE, catalog_path, languages, read, template, translated, write


def template_english() -> Mapping[str, str | Mapping[str, str]]:
    """The English catalog in the template's order: the content texts last, where every template
    so far has had them, so an update with nothing new leaves the files as they are."""
    english = {name: entry for name, entry in MESSAGES.items() if not name.startswith(f"{PREFIX}.")}
    english.update(CONTENT_TEXTS)
    return english


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description="The translation catalogs.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("pot", help="write i18n/locale/messages.pot from the English catalog")
    update = commands.add_parser("update", help="bring the PO files in step with the template")
    update.add_argument("languages", nargs="*", help="ll_CC names (default: every PO file)")
    new = commands.add_parser("new", help="start the PO file of a language")
    new.add_argument("language", help="ll_CC, like pt_BR")
    args = parser.parse_args(argv)
    pot = template(template_english())
    write(pot, TEMPLATE)
    if args.command == "new":
        catalog = Catalog(locale=args.language, project="tabletop", domain="messages")
        catalog.update(pot)
        write(catalog, catalog_path(args.language))
    elif args.command == "update":
        for language in args.languages or languages():
            catalog = read(catalog_path(language), language)
            catalog.update(pot, update_header_comment=False)
            write(catalog, catalog_path(language))
            done = sum(1 for _ in translated(catalog))
            print(f"{language}: {done} of {len(pot)} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
