"""The signed-in person's settings as attributes of every page's `<html>`: the theme, the font size
and family, the density, the clock, and classes for the accessibility choices. The stylesheet reads
them (static/css/lobby.css, "Settings on the page"), so a page is drawn right from its first paint,
never dark first and light a moment later. The islands change the same attributes when the settings
change (islands/lib/appearance.js mirrors `look_of`).

The page's Content-Security-Policy allows no inline styles, so a non-default accent colour comes as
a stylesheet of its own, `/app/settings/accent.css?c=rrggbb`: one colour per URL, cached for good.
"""
from __future__ import annotations

from flask import Flask, g, has_request_context, url_for
from flask_login import current_user

DEFAULT_ACCENT = "#00ff88"
# class on <html> → when it is set (the settings document's groups).
CLASSES = {
    "reduce-motion": lambda s: s["accessibility"]["reduceMotion"] or not s["appearance"]["animationsEnabled"],
    "high-contrast": lambda s: s["accessibility"]["highContrast"],
    "colour-blind": lambda s: s["accessibility"]["colorBlindFriendly"],
    "screen-reader": lambda s: s["accessibility"]["screenReaderOptimized"],
    "keyboard-nav": lambda s: s["accessibility"]["keyboardNavigation"],
    "quiet-focus": lambda s: not s["accessibility"]["focusIndicators"],
    "no-avatars": lambda s: not s["appearance"]["showAvatars"],
    "no-timestamps": lambda s: not s["appearance"]["showTimestamps"],
    "compact-mode": lambda s: s["appearance"]["compactMode"],
    "developer-mode": lambda s: s["general"]["developerMode"],  # 'Копировать ID' in the menus
}


def look_of(settings: dict) -> dict:
    appearance, general = settings["appearance"], settings["general"]
    accent = appearance["accentColor"].lower()
    return {
        "data": {
            "theme": appearance["theme"],
            "font-size": appearance["fontSize"],
            "font": appearance["fontFamily"],
            "density": appearance["messageDisplayDensity"],
            "text-size": settings["accessibility"]["textSize"],
            "time-format": general["timeFormat"],
            "date-format": general["dateFormat"],
            "startup": general["startupBehavior"],
        },
        "classes": " ".join(name for name, wanted in CLASSES.items() if wanted(settings)),
        # An attribute every text field inherits unless it sets its own (the composer does not).
        "spellcheck": general["enableSpellcheck"],
        "accent_css": None if accent == DEFAULT_ACCENT else url_for("settings_pages.accent_css", c=accent[1:]),
    }


def on_accent(colour: str) -> str:
    """Text on the accent: the design's near-black, or white on a dark custom colour (WCAG luminance)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#04120a" if luminance > 0.18 else "#ffffff"


def my_settings() -> dict | None:
    """The signed-in person's settings document, read once per request; None for a visitor."""
    if not has_request_context() or not current_user.is_authenticated:
        return None
    if "lobby_settings" not in g:
        from lobby.settings.store import settings_of
        g.lobby_settings = settings_of(current_user.id)
    return g.lobby_settings


def already_read() -> dict | None:
    """The settings if this request has read them already (a page), else None (an API call)."""
    return g.get("lobby_settings") if has_request_context() else None


def page_look() -> dict:
    settings = my_settings()
    return {"look": look_of(settings) if settings else None, "my_settings": settings}


def init_app(app: Flask) -> None:
    app.context_processor(page_look)
