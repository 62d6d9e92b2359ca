"""`python -m i18n pot` writes the translators' template from the English catalog;
`python -m i18n content` writes the content texts' English (`i18n/en_content.py`) from the data
files;
`python -m i18n update [LANG]` brings each language's PO file in step with it (new keys added
empty, changed English marked fuzzy, keys gone made obsolete); `python -m i18n new LANG` starts a
language. `update` writes the content texts first, so a data file's new text reaches the PO
files. See i18n/po.py, i18n/content.py and docs/translating.md."""

from __future__ import annotations

import argparse
import sys

from babel.messages.catalog import Catalog

from i18n.content import PREFIX
from i18n.content_source import MODULE, generated, write_module
from i18n.en import MESSAGES
from i18n.po import TEMPLATE, catalog_path, languages, read, template, translated, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description="The translation catalogs.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("pot", help="write i18n/locale/messages.pot from the English catalog")
    commands.add_parser("content", help="write i18n/en_content.py from the data files")
    update = commands.add_parser("update", help="bring the PO files in step with the template")
    update.add_argument("languages", nargs="*", help="ll_CC names (default: every PO file)")
    new = commands.add_parser("new", help="start the PO file of a language")
    new.add_argument("language", help="ll_CC, like pt_BR")
    args = parser.parse_args(argv)
    if args.command in ("content", "update") and write_module():
        print(f"{MODULE.name}: written from the data files")
    if args.command == "content":
        return 0
    # The catalog as imported may hold the content texts of before `write_module`: today's instead.
    english = {name: entry for name, entry in MESSAGES.items() if not name.startswith(f"{PREFIX}.")}
    english.update(generated())
    pot = template(english)
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
