"""What the sessions list calls a device: the browser and system named by a User-Agent. A few
patterns, checked in order (Edge and Opera say "Chrome" too; Chrome says "Safari"), are enough
for a person to recognise their own sessions; an exact parse is not the point."""
from __future__ import annotations

import re

from lobby.i18n import N_, _
from lobby.texts import text

# A name in N_ has a name of its own in English; the others are the same in every language.
BROWSERS = (("Edg", "Edge"), ("OPR", "Opera"), ("YaBrowser", N_("Яндекс Браузер")), ("Firefox", "Firefox"),
            ("Chrome", "Chrome"), ("Chromium", "Chromium"), ("Safari", "Safari"), ("curl", "curl"))
SYSTEMS = (("Windows", "Windows"), ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"),
           ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


def first_named(user_agent: str, names) -> str | None:
    found = next((name for token, name in names if re.search(rf"\b{re.escape(token)}\b", user_agent)), None)
    return _(found) if found else None


def device_of(user_agent: str | None) -> str:
    """«Firefox, Windows»; «Неизвестное устройство» when nothing is recognised."""
    found = [name for name in (first_named(user_agent or "", BROWSERS), first_named(user_agent or "", SYSTEMS)) if name]
    return ", ".join(found) or text("account.unknown_device")
