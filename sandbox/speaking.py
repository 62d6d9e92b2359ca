"""The sandbox in another language than simcord's `en-US` (`tabletop sandbox --locale pt-BR`).

simcord builds every interaction's payload in `simcord.interactions.base_payload`, with the
member's `locale` and the server's `guild_locale` fixed to `en-US`. A sandbox in Portuguese wraps
it, for as long as the sandbox runs, so its four players use Discord in Portuguese on a server
that prefers it: the bot then answers as it answers a Brazilian table (docs/translating.md),
and a game opened there is played in Portuguese. simcord's page lists the commands under their
English names only, so for as long too the language's catalog names them so (`sandbox/naming.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import simcord.interactions

import i18n
from i18n.po import entries
from sandbox.naming import page_catalog, page_names

DEFAULT = "en-US"  # simcord's own: nothing to wrap


def speak(locale: str) -> Callable[[], None]:
    """From now on every sandbox interaction carries `locale` for the member and the server;
    the function returned puts simcord back as it was."""
    original = simcord.interactions.base_payload
    if locale == DEFAULT:
        return lambda: None

    def base_payload(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **fields)
        payload["locale"] = locale
        if "guild_locale" in payload:
            payload["guild_locale"] = locale
        return record, payload

    simcord.interactions.base_payload = base_payload
    unname = name_commands_as_listed(locale)

    def undo() -> None:
        simcord.interactions.base_payload = original
        unname()

    return undo


def name_commands_as_listed(locale: str) -> Callable[[], None]:
    """From now on `locale`'s texts name the commands as simcord's page lists them; the function
    returned gives the catalog back as it was."""
    name = i18n.catalog_name(locale)
    if name == i18n.DEFAULT_LOCALE:
        return lambda: None
    before = i18n.CATALOGS.get(name)
    i18n.CATALOGS[name] = page_catalog(entries(name.replace("-", "_")), page_names(locale))

    def undo() -> None:
        if before is None:
            i18n.CATALOGS.pop(name, None)
        else:
            i18n.CATALOGS[name] = before

    return undo
