"""The `/app` shell: every URL under it renders the frame of the app for a verified, signed-in
user (`lobby/frame.py`), which the islands then take over."""
from datetime import datetime

from flask import Blueprint, render_template
from flask_login import current_user

from lobby.accounts.session import page_login_required
from lobby.frame import frame_for
from lobby.settings_look import my_settings

blueprint = Blueprint("shell", __name__)


@blueprint.get("/app")
@blueprint.get("/app/<path:subpath>")
@page_login_required
def app_shell(subpath: str = ""):
    # Always 200, as before the frame: what a URL names is looked up by the page, like the islands do.
    return render_template("app/shell.html", frame=frame_for(current_user, subpath))


@blueprint.get("/friends")
@blueprint.get("/gaming")
@page_login_required
def friends_alias():
    """Spec 000 route map: /friends (the game-centre menu's link) and /gaming (the game panel) show
    the friends page inside the app; the address stays, as the client's router reads both."""
    return render_template("app/shell.html", frame=frame_for(current_user, "friends"))


DATE_FORMATS = {"dd/mm/yyyy": "%d.%m.%Y", "mm/dd/yyyy": "%m/%d/%Y", "yyyy-mm-dd": "%Y-%m-%d"}


@blueprint.app_template_filter("frame_time")
def frame_time(moment: str) -> str:
    """A message's time for a reader without JavaScript (which would show it in their own zone),
    in the date and clock formats of their settings."""
    general = (my_settings() or {}).get("general", {})
    clock = "%I:%M %p" if general.get("timeFormat") == "12h" else "%H:%M"
    date = DATE_FORMATS.get(general.get("dateFormat"), "%d.%m.%Y")
    return datetime.fromisoformat(moment).strftime(f"{date} {clock} UTC")
