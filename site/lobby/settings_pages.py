"""The personal settings pages, `/app/settings/<section>`: plain HTML forms that save with a POST
and work with JavaScript off (POST → 303 + flash; a refusal → 422 with the errors beside the
fields). With htmx (`HX-Request`) the same URLs answer fragments: a GET the settings frame (tabs,
the section, the footer), which the page swaps in or the app shell shows in a dialog; a save only
the status line and the error slots, out of band, so the field being typed in is never replaced.
The profile is the exception the spec draws: shown as it is, with an edit mode (`?edit`) whose own
save and cancel answer the whole frame.
Every save tells the page's islands the new settings (`HX-Trigger: lobby:settings`).

The saving itself is the settings backend's (`lobby.settings.actions`); the account section is
the account helper's, rendered with `render_section` like the others."""
from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, make_response, redirect, render_template, request, url_for
from flask_login import current_user

from lobby.accounts.session import page_login_required
from lobby.errors import ApiError, ValidationError
from lobby.i18n import N_, _
from lobby.settings import actions
from lobby.settings.store import DEFAULTS
from lobby.settings_form import SECTIONS, field_names, merged, patch_of, section_errors
from lobby.settings_look import g, my_settings, on_accent
from lobby.settings_transfer import exported, read_settings_file
from lobby.texts import text

blueprint = Blueprint("settings_pages", __name__)

# Tabs in order: (section, label). The account section's pages are the account helper's.
TABS = (("profile", N_("Профиль")), ("appearance", N_("Внешний вид")), ("notifications", N_("Уведомления и звуки")),
        ("privacy", N_("Конфиденциальность")), ("accessibility", N_("Специальные возможности")),
        ("general", N_("Язык и общие")), ("account", N_("Аккаунт и безопасность")))


def htmx() -> bool:
    """An htmx request wants a fragment; its history restore (back after a swap) wants the page."""
    return request.headers.get("HX-Request") == "true" and "HX-History-Restore-Request" not in request.headers


def render_section(section: str, status: int = 200, errors: dict | None = None, settings: dict | None = None,
                   **context):
    """`templates/settings/<section>.html` inside the whole page, or inside the frame alone for htmx."""
    template = "settings/_frame.html" if htmx() else "settings/_layout.html"
    tabs = [(name, _(label)) for name, label in TABS]
    return render_template(template, section=section, tabs=tabs, errors=errors or {},
                           settings=settings or my_settings(), autosave=section in SECTIONS, **context), status


def told(response, settings: dict):
    """The islands' cue: htmx fires `lobby:settings` on the document with the new settings."""
    response = make_response(response)
    # ASCII only: header values are Latin-1, a display name is not.
    response.headers["HX-Trigger"] = json.dumps({"lobby:settings": settings}, ensure_ascii=True)
    return response


def saved_as(settings: dict) -> dict:
    g.lobby_settings = settings  # the page drawn after a save shows (and looks like) the new values
    return settings


@blueprint.after_request
def vary_on_htmx(response):
    response.vary.add("HX-Request")  # one URL, two answers: a cache must keep them apart
    return response


@blueprint.get("/app/settings")
@page_login_required
def settings_home():
    return redirect(url_for("settings_pages.section", section="profile"))


@blueprint.route("/app/settings/<section>", methods=["GET", "POST"])
@page_login_required
def section(section: str):
    if section not in SECTIONS:
        abort(404)
    if request.method == "GET":
        # htmx's GET (a tab, or a page catching up as it comes back into view) brings the
        # settings along, so the page's own look follows changes made on other devices too.
        page = render_section(section, editing=section == "profile" and "edit" in request.args)
        return told(page, my_settings()) if htmx() else page
    patch = patch_of(section, request.form, DEFAULTS)
    try:
        settings = saved_as(actions.do_update_settings(current_user, patch))
    except ValidationError as error:
        errors = section_errors(section, error.errors)
        if htmx() and section != "profile":
            return saved_slots(section, errors), 422
        return render_section(section, 422, errors, merged(my_settings(), patch), editing=True)
    if htmx() and section == "profile":  # the edit mode's save: the profile as it is now
        return told(render_section(section, notice=text("settings_pages.saved")), settings)
    if htmx():
        return told(saved_slots(section, {}), settings)
    flash(text("settings_pages.saved"), "success")
    return redirect(url_for("settings_pages.section", section=section), 303)


def saved_slots(section: str, errors: dict) -> str:
    return render_template("settings/_saved.html", fields=field_names(section, DEFAULTS), errors=errors,
                           saved=not errors)


@blueprint.post("/app/settings/profile/avatar")
@page_login_required
def avatar():
    return avatar_changed(lambda: actions.do_set_avatar(current_user, request.files.get("avatar")))


@blueprint.post("/app/settings/profile/avatar/remove")
@page_login_required
def remove_avatar():
    return avatar_changed(lambda: actions.do_remove_avatar(current_user))


def avatar_changed(change):
    try:
        settings = saved_as(change())
    except ApiError as error:
        message = error.errors.get("avatar", error.message) if isinstance(error, ValidationError) else error.message
        return render_section("profile", error.status, {"avatar": message})
    if htmx():  # the frame again (a redirect would lose the HX-Trigger that tells the page's islands)
        return told(render_section("profile", notice=text("settings_pages.saved")), settings)
    flash(text("settings_pages.saved"), "success")
    return redirect(url_for("settings_pages.section", section="profile"), 303)


def back_to() -> str:
    section = request.form.get("section", "")
    return section if section in SECTIONS else "profile"


@blueprint.get("/app/settings/export")
@page_login_required
def export():
    body = json.dumps(exported(my_settings()), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="lobby-settings.json"'})


@blueprint.post("/app/settings/import")
@page_login_required
def import_file():
    try:
        settings = saved_as(actions.do_import_settings(current_user, read_settings_file(request.files.get("file"))))
    except ApiError as error:
        return render_section(back_to(), error.status, {"import": import_refusal(error)})
    return finished(settings, "settings_pages.imported")


def import_refusal(error: ApiError) -> str:
    if isinstance(error, ValidationError) and error.code == "VALIDATION_ERROR":
        field, message = next(iter(error.errors.items()))
        return f"{text('settings.bad_file')}: {field} — {message}"
    return error.message


@blueprint.post("/app/settings/reset")
@page_login_required
def reset():
    if request.form.get("confirmed") != "yes":  # without JavaScript the question is a page of its own
        return render_section(back_to(), confirm_reset=True)
    return finished(saved_as(actions.do_reset_settings(current_user)), "settings_pages.reset_done")


def finished(settings: dict, said: str):
    """After an import or a reset: the frame again for htmx, else a redirect with a flash."""
    if htmx():
        return told(render_section(back_to(), notice=text(said)), settings)
    flash(text(said), "success")
    return redirect(url_for("settings_pages.section", section=back_to()), 303)


@blueprint.get("/app/settings/accent.css")
def accent_css():
    """`:root{--accent: #rrggbb}` for a custom accent (the page's CSP allows no inline style)."""
    colour = request.args.get("c", "").lower()
    if len(colour) != 6 or any(c not in "0123456789abcdef" for c in colour):
        abort(404)
    body = f":root{{--accent:#{colour};--on-accent:{on_accent('#' + colour)}}}\n"
    response = Response(body, mimetype="text/css")
    response.cache_control.public = True
    response.cache_control.max_age = 365 * 24 * 3600
    response.cache_control.immutable = True
    return response


# htmx's settings (read from <meta name="htmx-config">): no inline style or eval under the page's
# CSP; a refused save (422), import (400) or avatar (413, 415) swaps in its errors; the app shell's dialog keeps the
# shell's own history (its router owns the address).
HTMX_CONFIG = {"includeIndicatorStyles": False, "allowEval": False, "allowScriptTags": False, "selfRequestsOnly": True,
               "defaultFocusScroll": False,
               "responseHandling": [{"code": "204", "swap": False}, {"code": "[23]..", "swap": True},
                                    {"code": "4(00|13|15|22)", "swap": True},
                                    {"code": "...", "swap": False, "error": True}]}


@blueprint.app_template_global()
def htmx_config(history: bool) -> str:
    return json.dumps({**HTMX_CONFIG, "historyEnabled": history})


blueprint.add_app_template_global(text, "text")
