"""The sandbox page's address, kept beside its database so it stays the same across restarts.

A page left open in a browser tab, or a bookmark, keeps working after the sandbox restarts only
if the port and the capability (the secret after `#`) are the same as before: so the first start
draws them and saves them in `<database>.page`, and every later start reads them back. The
capability is a password, so the file is the user's alone (mode 0600, as the database is) and
is replaced whole, never written through a file already there. Deleting the file gives the next
start a new address.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from db.files import replace_private

CAPABILITY = re.compile(r"^[A-Za-z0-9_-]{32,128}$")  # what `secrets.token_urlsafe` draws


@dataclass(frozen=True)
class Address:
    """The page's port on 127.0.0.1 (0: not chosen yet, a free one) and its capability."""

    port: int
    capability: str


def address_path(database: str) -> Path:
    return Path(f"{database}.page")


def new_address() -> Address:
    return Address(0, secrets.token_urlsafe(32))


def load_address(database: str) -> Address:
    """The address saved by an earlier start, or a new one (no file, or a file that is not one:
    a capability that could not have been drawn is never served)."""
    try:
        saved = json.loads(address_path(database).read_text(encoding="utf-8"))
        port, capability = saved["port"], saved["capability"]
    except (OSError, ValueError, KeyError, TypeError):
        return new_address()
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        return new_address()
    if not isinstance(capability, str) or not CAPABILITY.match(capability):
        return new_address()
    return Address(port, capability)


def save_address(database: str, address: Address) -> None:
    """Keep `address` for the next start: a private file, replaced in one step."""
    text = json.dumps({"port": address.port, "capability": address.capability}) + "\n"
    replace_private(address_path(database), text)
