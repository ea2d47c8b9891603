"""`static/` served by WhiteNoise in both modes, in front of Flask.

esbuild names the bundles after their content (`build/main-QQWS2XKY.js`), so those are cached
for good (`immutable`). The other files are linked with `asset_url` (`?v=<content hash>`): a
change gets a new address, but WhiteNoise cannot see the query, so a bare address must not stay
stale for long: a day, then a cheap revalidation (ETag). Compressed copies (`.br`, `.gz`) are
made by `make build` (`python -m whitenoise.compress static/build`) and served to browsers that
accept them; a file without them is served as it is.
"""
from __future__ import annotations

import re

from flask import Flask
from whitenoise import WhiteNoise

# esbuild's `[name]-[hash]`: eight base32 characters before the extension.
HASHED_NAME = re.compile(r"-[A-Z2-7]{8}\.[a-z]+$")
DAY = 24 * 60 * 60


def is_hashed_bundle(url_prefix: str):
    """WhiteNoise's `immutable_file_test`: a content-hashed file under `build/` (not manifest.json)."""
    build = url_prefix.rstrip("/") + "/build/"

    def test(path: str, url: str) -> bool:
        return url.startswith(build) and HASHED_NAME.search(url) is not None

    return test


def add_nosniff(headers, path: str, url: str) -> None:
    """A script or stylesheet is only ever what its Content-Type says."""
    headers["X-Content-Type-Options"] = "nosniff"


def init_app(app: Flask) -> None:
    """Wrap the app's WSGI callable. In debug mode (`make dev`) files change under the running
    server: WhiteNoise then looks them up on every request and nothing non-hashed is cached."""
    prefix = app.static_url_path + "/"
    app.wsgi_app = WhiteNoise(
        app.wsgi_app,
        root=app.static_folder,
        prefix=prefix,
        autorefresh=app.debug,
        max_age=0 if app.debug else DAY,
        allow_all_origins=False,  # no CDN or other origin reads these files
        immutable_file_test=is_hashed_bundle(prefix),
        add_headers_function=add_nosniff,
    )
