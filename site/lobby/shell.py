"""The `/app` shell: every URL under it renders the frame of the app for a verified, signed-in
user (`lobby/frame.py`), which the islands then take over."""
from flask import Blueprint, redirect, render_template, session
from flask_login import current_user

from lobby.accounts.session import page_login_required
from lobby.frame import frame_for
from lobby.servers.invites import LANDING

blueprint = Blueprint("shell", __name__)


@blueprint.get("/app")
@blueprint.get("/app/<path:subpath>")
@page_login_required
def app_shell(subpath: str = ""):
    if not subpath and LANDING in session:  # signed in just now, by way of an invite: its server opens
        return redirect(session.pop(LANDING))
    # Always 200, as before the frame: what a URL names is looked up by the page, like the islands do.
    return render_template("app/shell.html", frame=frame_for(current_user, subpath))


@blueprint.get("/friends")
@blueprint.get("/gaming")
@page_login_required
def friends_alias():
    """Spec 000 route map: /friends (the game-centre menu's link) and /gaming (the game panel) show
    the friends page inside the app; the address stays, as the client's router reads both."""
    return render_template("app/shell.html", frame=frame_for(current_user, "friends"))
