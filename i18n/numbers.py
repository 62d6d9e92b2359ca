"""Numbers, durations and dates worded for a reader (`/stats`, the rating chart): Babel's CLDR
data, so Portuguese reads "18,4" and "2 horas" where English reads "18.4" and "2 hours"."""

from __future__ import annotations

import datetime

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_timedelta
from babel.numbers import format_decimal, format_percent

from i18n import DEFAULT_LOCALE, catalog_name


def _babel(locale: str | None) -> Locale:
    try:
        return Locale.parse(catalog_name(locale).replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT_LOCALE)


def decimal(value: float, locale: str | None, digits: int = 1) -> str:
    """`value` with `digits` decimals, in the reader's notation."""
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=pattern, locale=_babel(locale))


def percent(share: float, locale: str | None) -> str:
    return format_percent(share, format="#,##0%", locale=_babel(locale))


def duration(seconds: float, locale: str | None) -> str:
    """A span as a person says it: "2 hours", "3 days" (rounded to its largest unit)."""
    return format_timedelta(datetime.timedelta(seconds=seconds), threshold=1.5, locale=_babel(locale))


def short_date(timestamp: float, locale: str | None) -> str:
    day = datetime.datetime.fromtimestamp(timestamp, tz=datetime.UTC).date()
    return format_date(day, format="short", locale=_babel(locale))
