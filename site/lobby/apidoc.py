"""Assembles `/api/openapi.json` from the models the views declare (`lobby.schema.api`). No domain
imports this module: the document is put together from the domains, never the other way round.

Moving there: the calls not declared with models yet are still described by hand (`lobby/openapi.py`
and the domains' `openapi.py`); a declared call's generated description replaces its hand-written
one, and the models join the hand-written components."""
from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from lobby import openapi as by_hand
from lobby.schema import api

blueprint = Blueprint("apidoc", __name__)


def generated(app: Flask) -> dict:
    """spectree's document of the app's declared routes, made once per app. (spectree keeps one
    document per SpecTree instance; the suite builds many apps, so it is made afresh for each.)"""
    made = app.extensions.get("lobby.api-document")
    if made is None:
        with app.app_context():
            api.__dict__.pop("_spec", None)
            made = app.extensions["lobby.api-document"] = api.spec
    return made


def document(app: Flask) -> dict:
    """The whole document, made once per app."""
    made = app.extensions.get("lobby.openapi")
    if made is None:
        made = app.extensions["lobby.openapi"] = assemble(by_hand.document(), generated(app))
    return made


def assemble(written: dict, declared: dict) -> dict:
    for path, item in declared["paths"].items():
        for method, operation in item.items():
            by_hand.add_guard_refusals(method, operation)
            written["paths"].setdefault(path, {})[method] = operation
    written["components"]["schemas"].update(declared.get("components", {}).get("schemas", {}))
    return written


@blueprint.get("/api/openapi.json")
def openapi_json():
    response = jsonify(document(current_app._get_current_object()))
    response.headers["Cache-Control"] = "public, max-age=300"
    return response
