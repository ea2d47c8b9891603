"""Two languages: Russian (the product's own, the spec's texts verbatim, and the source language of
the catalogue) and English (site/lobby/translations/en/LC_MESSAGES/messages.po).

Every text a person reads is written in Russian inside a marker the extractor knows:
- `_("Текст {name}", name=...)` — translated and filled now (Python and Jinja alike);
- `N_("Текст")` (`NC_("context", "Текст")`) — only marked, for tables built at import time; `_()` translates them when used;
- `tc("everyone", "Все")` — one Russian word with two meanings in English: a context tells them apart;
- `tp("{n} участник|{n} участника|{n} участников", n)` — a count: the Russian forms for 1, 2 and 5
  joined by "|", the English ones for 1 and many.
Placeholders are `{name}` everywhere (Python, Jinja and islands/lib/i18n.js), so one catalogue
entry serves every side. The islands are bundled once per language from the same file
(islands/build.mjs), so no string is kept twice by hand.

The language is the signed-in person's setting, else the visitor's choice on the landing and auth
pages (a cookie), else the browser's Accept-Language, else Russian.
"""
from __future__ import annotations

from flask import Flask, g, has_request_context, redirect, request
from flask_babel import Babel, force_locale, get_locale, gettext, pgettext

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = "ru"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def N_(message: str) -> str:
    """Marks a text for the catalogue without translating it (module-level tables)."""
    return message


class InContext(str):
    """A marked text that carries its context (see NC_)."""
    context: str


def NC_(context: str, message: str) -> str:
    """N_ for a text that needs a context (tc): `_()` looks it up under that context."""
    marked = InContext(message)
    marked.context = context
    return marked


def _(message: str, **values) -> str:
    if isinstance(message, InContext):
        return tc(message.context, message, **values)
    words = gettext(message)  # outside any app: the Russian itself
    return words.format(**values) if values else words


def tc(context: str, message: str, **values) -> str:
    words = pgettext(context, message)
    return words.format(**values) if values else words


def tp(forms: str, n: int, **values) -> str:
    """The form of `forms` ("one|few|many" in Russian, "one|other" in English) that agrees with n."""
    chosen = plural_form(_(forms).split("|"), n, language())
    return chosen.format(n=n, **values)


def plural_form(forms: list[str], n: int, lang: str) -> str:
    if lang == "en" or len(forms) < 3:
        return forms[0] if n == 1 else forms[-1]
    tens, ones = abs(n) % 100, abs(n) % 10
    if 10 < tens < 20:
        return forms[2]
    return forms[0] if ones == 1 else forms[1] if 2 <= ones <= 4 else forms[2]


def language() -> str:
    """The language texts are being written in now ("ru" or "en")."""
    locale = get_locale()
    return locale.language if locale is not None and locale.language in LANGUAGES else DEFAULT_LANGUAGE


def in_language(lang: str | None):
    """`with in_language(x):` — texts in x (a mail to someone else, in their language)."""
    return force_locale(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def languages_of(user_ids) -> dict[int, str]:
    """Each person's language, in one read (the people a notification is written for)."""
    from sqlalchemy import select
    from lobby.extensions import db
    from lobby.settings.models import UserSettings
    ids = set(user_ids)
    chosen = {user_id: (document.get("general") or {}).get("language") for user_id, document in db.session.execute(
        select(UserSettings.user_id, UserSettings.document).where(UserSettings.user_id.in_(ids))) if ids}
    return {user_id: chosen.get(user_id) if chosen.get(user_id) in LANGUAGES else DEFAULT_LANGUAGE for user_id in ids}


def language_of(user_id: int) -> str:
    """A person's chosen language (their setting), for what is sent to them rather than shown:
    one primary-key read (an API error needs no more of the settings than this)."""
    from lobby.extensions import db
    from lobby.settings.models import UserSettings
    row = db.session.get(UserSettings, user_id)
    chosen = (row.document.get("general") or {}).get("language") if row is not None else None
    return chosen if chosen in LANGUAGES else DEFAULT_LANGUAGE


def select_language() -> str:
    if not has_request_context():
        return DEFAULT_LANGUAGE
    caller = g.get("user")  # an API call's bearer: its person's setting, whatever cookie rides along
    if caller is not None:
        return language_of(caller.id)
    from flask_login import current_user
    if current_user.is_authenticated:
        from lobby.settings_look import already_read
        settings = already_read()
        return settings["general"]["language"] if settings is not None else language_of(current_user.id)
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE)


def choose_language():
    """POST /language {lang, next}: a visitor's switch on the landing and auth pages (a cookie);
    a signed-in person's choice is their setting (the settings page), so it is saved there too."""
    lang = request.form.get("lang", "")
    target = request.form.get("next", "/")
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        target = "/"
    response = redirect(target, code=303)
    if lang not in LANGUAGES:
        return response
    response.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax", secure=request.is_secure, httponly=True)
    from flask_login import current_user
    if current_user.is_authenticated:
        from lobby.settings.actions import do_update_settings
        do_update_settings(current_user, {"general": {"language": lang}})
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    Babel(app, locale_selector=select_language)
    # One placeholder style everywhere: Jinja's `_()` and `tp()` are the ones above (the result is
    # a plain string, escaped by autoescape like any other value).
    app.jinja_env.globals.update(_=_, gettext=_, tp=tp, tc=tc, language=language, LANGUAGES=LANGUAGES)
    app.add_url_rule("/language", "choose_language", choose_language, methods=["POST"])
    app.after_request(vary_by_language)


def vary_by_language(response):
    """A page's words depend on the cookie and Accept-Language: no cache may hand one to another."""
    if response.mimetype == "text/html":
        response.vary.update(("Accept-Language", "Cookie"))
    return response
