"""Jinja helpers for React islands and static assets.

`island(name, props)` renders the placeholder that `islands/main.jsx` mounts; use it as
`{% call island('toaster', {...}) %}no-JS fallback{% endcall %}` or `{{ island('name') }}`.
Asset URLs come from the manifest the esbuild script writes (`static/build/manifest.json`), which
names one bundle per language (islands/build.mjs puts the catalogue's words into each).
"""
from __future__ import annotations

import hashlib
import json
import logging
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app, url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from lobby.i18n import language

log = logging.getLogger(__name__)


def island(name: str, props: dict | None = None, caller=None, tag: str = "div", **attrs) -> Markup:
    # The same escaping as Jinja's |tojson (<, >, & and ' as \\u escapes): safe in single quotes.
    data = htmlsafe_json_dumps(props or {}, dumps=current_app.json.dumps)
    # `class_` for class (a Python word), other underscores as hyphens: data_x → data-x.
    extra = "".join(f' {escape(k.rstrip("_").replace("_", "-"))}="{escape(v)}"' for k, v in attrs.items())
    inner = caller() if caller is not None else ""
    return Markup(f"<{tag} data-island=\"{escape(name)}\" data-props='{data}'{extra}>{inner}</{tag}>")


def build_folder(app: Flask) -> Path:
    return Path(app.static_folder) / "build"


@lru_cache(maxsize=4)
def _manifest(path: str, mtime: float) -> dict:
    return json.loads(Path(path).read_text())


def manifest(app: Flask) -> dict:
    path = build_folder(app) / "manifest.json"
    return _manifest(str(path), path.stat().st_mtime)


def island_script() -> str | None:
    """URL of the islands entry module (hashed by esbuild); None, logged, when it is not built,
    so that error pages still render and no-JS fallbacks still work."""
    try:
        return url_for("static", filename=manifest(current_app)[language()]["main.js"])
    except (OSError, KeyError, ValueError):
        log.error("islands are not built: run `make build` (or `make run`)")
        return None


def entry_script(name: str) -> str | None:
    """URL of another esbuild entry by its manifest key (`settings.js`: htmx for the settings
    pages); None, logged, when it is not built: the page still works without it."""
    try:
        return url_for("static", filename=manifest(current_app)[language()][name])
    except (OSError, KeyError, ValueError):
        log.error("entry %s is not built: run `make build`", name)
        return None


@lru_cache(maxsize=64)
def _digest(path: str, mtime: float) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:10]


def asset_url(filename: str) -> str:
    """URL of a file under static/ with a content hash, so browsers may cache it for long. The
    hash is read once per file, except in debug mode (`make dev`), where files change under it."""
    digest = _fresh_digest(filename) if current_app.debug else _digest_once(current_app.static_folder, filename)
    return url_for("static", filename=filename, v=digest)


def _fresh_digest(filename: str) -> str:
    path = Path(current_app.static_folder) / filename
    return _digest(str(path), path.stat().st_mtime)


@lru_cache(maxsize=64)
def _digest_once(folder: str, filename: str) -> str:
    path = Path(folder) / filename
    return _digest(str(path), path.stat().st_mtime)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(island=island, island_script=island_script, entry_script=entry_script,
                                 asset_url=asset_url)
