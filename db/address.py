"""A database address as messages and logs show it: everything the operator wrote but its secrets.

`TABLETOP_DATABASE`, `--database` and `tabletop migrate`'s arguments may hold a PostgreSQL
password, in any of the forms libpq and asyncpg read: `postgresql://user:password@host/db` (or
`postgres://`), or a query setting (`?password=...`, `?user=...&password=...`, `sslpassword` for
the client key's passphrase). Every line the bot and its commands print or log about a database
shows the address through `safe_target`, which keeps what an operator checks when a server
cannot be reached (the user, the hosts and ports, a socket folder, the database, the other
settings) and writes each password as `***`. A driver's own words about a failure go through
`scrubbed`, which also hides a password wherever the driver may have quoted it.

The address is split by hand rather than with `urlsplit`: people paste passwords holding `@`,
`/`, `?` or `#` unencoded, and `urlsplit` ends the host or starts a query or fragment there,
so it would show the rest of such a password as a host. Here the credentials run to the last
`@` before the first `?name=` setting, which is where such a password ends too, and the query
begins at the first `?` after them (a host, a port or a database name holds none).
`urllib.parse` decodes the names and values, so `?PassWord=` and `?pass%77ord=` are hidden too.
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple
from urllib.parse import unquote, unquote_plus, urlsplit

HIDDEN = "***"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
# The start of the query: a "?" and a setting's name, which holds none of = & ? # / @.
_FIRST_SETTING = re.compile(r"\?[^=&?#/@]*=")
# libpq's other form, `host=db user=bot password=secret` (no scheme): a value is quoted or one word.
_KEYWORD_SECRET = re.compile(r"(\b\w*password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s']\S*)", re.IGNORECASE)
_CHARACTERS_ENDING_A_HOST = "@/?#"  # unencoded in a user or password, the driver misreads the address
_DIGITS = re.compile(r"[0-9]+")
_BRACKETED = re.compile(r"\[[^\]]+\](.*)")  # an IPv6 host, and what follows it (":5432")


class _Address(NamedTuple):
    """A URL-form address cut where its secrets are, every part as written."""

    scheme: str  # "postgresql://"
    user: str  # "" when there is none
    password: str | None  # None when no ":" follows the user
    at: str  # "@" when the address has credentials, else ""
    place: str  # hosts, ports and database
    query: str | None  # what follows the "?", None without one


def safe_target(target: str) -> str:
    """`target` (a file path or a database address) fit to print or log: each password in it
    written `***`, everything else as given, so the operator still sees which server, user and
    database were meant."""
    address = _split(target)
    if address is None:
        return _KEYWORD_SECRET.sub(lambda found: found[1] + HIDDEN, target)
    password = "" if address.password is None else f":{HIDDEN if address.password else ''}"
    shown = f"{address.scheme}{address.user}{password}{address.at}{address.place}"
    if address.query is None:
        return shown
    return f"{shown}?{'&'.join(_hidden_field(field) for field in _fields(address.query))}"


def scrubbed(text: str, target: str) -> str:
    """`text` (a driver's error message, say) with `target` shown as `safe_target` shows it and
    every password of `target`, or of `PGPASSWORD`, written `***` wherever it is quoted: raw,
    percent-encoded or decoded."""
    text = text.replace(target, safe_target(target))
    for secret in sorted(secrets(target), key=len, reverse=True):
        text = text.replace(secret, HIDDEN)
    return text


def secrets(target: str) -> set[str]:
    """Every form of every password `target` holds (as written, and decoded as a driver decodes
    it), and the `PGPASSWORD` a driver would use when `target` has none."""
    address = _split(target)
    found: set[str] = {os.environ.get("PGPASSWORD", "")}
    if address is None:
        found |= {value.strip("'") for _, value in _KEYWORD_SECRET.findall(target)}
    else:
        written = [address.password or ""]
        written += [field.partition("=")[2] for field in _fields(address.query or "") if _is_secret(field)]
        found |= {form for value in written for form in (value, unquote(value), unquote_plus(value))}
    return {secret for secret in found if secret}


def _split(target: str) -> _Address | None:
    """`target` cut into its parts, or None when it is no URL (a file path, or libpq's
    `keyword=value` form)."""
    scheme = _SCHEME.match(target)
    if scheme is None:
        return None
    rest = target[scheme.end() :]
    setting = _FIRST_SETTING.search(rest)
    at = rest.rfind("@", 0, setting.start() if setting else len(rest))
    credentials, after = (rest[:at], rest[at + 1 :]) if at >= 0 else ("", rest)
    user, colon, password = credentials.partition(":")
    place, question, query = after.partition("?")
    return _Address(
        scheme.group(),
        user,
        password if colon else None,
        "@" if at >= 0 else "",
        place,
        query if question else None,
    )


def address_problem(target: str) -> str | None:
    """What keeps the PostgreSQL driver from reading the address `target`, in words that quote
    no secret; None when it reads. Caught here, such an address gets one line rather than the
    driver's traceback (a port that is not a number fails deep inside the connection pool)."""
    address = _split(target)
    if address is None:
        return "it is not a postgresql:// address"
    if any(character in address.user + (address.password or "") for character in _CHARACTERS_ENDING_A_HOST):
        return (
            "its user or password holds @, /, ? or #, which end the server's name in an address: "
            "write them as %40, %2F, %3F and %23"
        )
    try:
        urlsplit(target)
    except ValueError:
        return "a host in [brackets] is not an IPv6 address"
    fields = address.query.split("&") if address.query else []
    if any("=" not in field for field in fields):
        return "its settings after ? are not all name=value: write & inside a value as %26"
    return _port_problem(address.place.split("/", 1)[0], fields)


def _port_problem(hosts: str, fields: list[str]) -> str | None:
    """Why a port the address names (after a host, or as `?port=`) is not one, or None."""
    ports = [_port_of(host) for host in hosts.split(",")]
    ports += [
        port for field in fields if _name(field) == "port" for port in field.partition("=")[2].split(",")
    ]
    for port in ports:
        if port and not (_DIGITS.fullmatch(port) and 0 < int(port) < 65536):
            return f"its port {port!r} is not a number from 1 to 65535"
    return None


def _port_of(host: str) -> str:
    """The port written after `host` (`db:5432`, `[::1]:5432`), "" for none or a socket folder."""
    host = unquote(host)
    if host.startswith("/"):
        return ""
    bracketed = _BRACKETED.fullmatch(host)
    if bracketed:
        return bracketed[1].removeprefix(":") if bracketed[1] else ""
    return host.partition(":")[2]


def _fields(query: str) -> list[str]:
    """The `name=value` settings of `query`; a piece without `=` after a password is the rest
    of that password (an `&` in it, unencoded), so it is hidden with it."""
    fields: list[str] = []
    for field in query.split("&"):
        if fields and "=" not in field and _is_secret(fields[-1]):
            fields[-1] += f"&{field}"
        else:
            fields.append(field)
    return fields


def _hidden_field(field: str) -> str:
    name, equals, value = field.partition("=")
    return f"{name}={HIDDEN}" if equals and value and _is_secret(field) else field


def _is_secret(field: str) -> bool:
    """Whether the setting `field` gives a password (`password`, `sslpassword`), however its
    name is cased or encoded."""
    return _name(field).endswith("password")


def _name(field: str) -> str:
    return unquote_plus(field.partition("=")[0]).strip().lower()
