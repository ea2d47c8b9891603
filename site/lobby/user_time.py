"""Dates and clock times on the pages the server renders, in the reader's settings: the date format
(written as its option reads: dd/mm/yyyy with slashes) and the 12/24 h clock. One Jinja filter,
`user_time`, for every timestamp of a page (the no-JS channel, the sessions list); the islands
write the same through one function of their own (islands/lib/dateTime.js). The server does not
know the reader's time zone, so it says UTC."""
from __future__ import annotations

from datetime import datetime, timezone

from flask import Flask

from lobby.settings_look import my_settings

DATE_FORMATS = {"dd/mm/yyyy": "%d/%m/%Y", "mm/dd/yyyy": "%m/%d/%Y", "yyyy-mm-dd": "%Y-%m-%d"}
CLOCKS = {"24h": "%H:%M", "12h": "%I:%M %p"}


def user_time(moment: str | datetime | None, date: bool = True, time: bool = True,
              settings: dict | None = None) -> str:
    """`moment` (ISO text or a datetime; naive means UTC) as '12/03/2025 21:30 UTC'."""
    if not moment:
        return "—"
    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    general = (settings or my_settings() or {}).get("general", {})
    parts = [DATE_FORMATS.get(general.get("dateFormat"), DATE_FORMATS["dd/mm/yyyy"])] if date else []
    if time:
        parts.append(CLOCKS.get(general.get("timeFormat"), CLOCKS["24h"]))
    return when.strftime(" ".join(parts)) + (" UTC" if time else "")


def init_app(app: Flask) -> None:
    app.add_template_filter(user_time)
