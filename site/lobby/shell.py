"""The `/app` shell: every URL under it renders the shell for a verified, signed-in user."""
from flask import Blueprint, render_template

from lobby.accounts.session import page_login_required

blueprint = Blueprint("shell", __name__)


@blueprint.get("/app")
@blueprint.get("/app/<path:subpath>")
@page_login_required
def app_shell(subpath: str = ""):
    return render_template("app/shell.html")
