"""Assembles `/api/openapi.json` from the models the views declare (`lobby.schema.api`). No domain
imports this module: the document is put together from the domains, never the other way round.

(Being moved to: the calls not yet declared with models are still described by hand in
`lobby/openapi.py` and the domains' `openapi.py`.)"""
from __future__ import annotations

from flask import Flask

from lobby.schema import api


def generated(app: Flask) -> dict:
    """spectree's document of the app's declared routes, made once per app. (spectree keeps one
    document per SpecTree instance; the suite builds many apps, so it is made afresh for each.)"""
    made = app.extensions.get("lobby.api-document")
    if made is None:
        with app.app_context():
            api.__dict__.pop("_spec", None)
            made = app.extensions["lobby.api-document"] = api.spec
    return made
