"""Security headers on every answer Flask gives: pages, the API, errors.

The Content-Security-Policy lets a page run only the hashed bundles served from this origin (no
inline script: islands get their props as `data-props`), talk only to this origin (`'self'`
covers the live socket's ws:/wss: address of the same host), and show images from this origin,
`blob:` (previews of files about to be uploaded) and `data:` (icons drawn in the CSS).
Styles come from this origin's stylesheets; the one inline stylesheet, the one sonner inserts,
is allowed by its hash, which the build writes into the manifest. React's `style` props are set
through the CSSOM, which CSP does not restrict. A header a view already set is kept (attachments
carry their own sandbox policy).
"""
from __future__ import annotations

from functools import lru_cache

from flask import Flask, current_app, request

from lobby import islands

ONE_YEAR = 365 * 24 * 60 * 60


@lru_cache(maxsize=8)
def content_security_policy(frame_ancestors: str, style_hashes: tuple[str, ...]) -> str:
    styles = " ".join(["'self'", *(f"'{digest}'" for digest in style_hashes)])
    directives = [
        "default-src 'none'",  # anything not named below (fonts, media, frames, workers) is refused
        "script-src 'self'",
        f"style-src {styles}",
        "img-src 'self' blob: data:",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        f"frame-ancestors {frame_ancestors}",
    ]
    return "; ".join(directives)


def inserted_style_hashes(app: Flask) -> tuple[str, ...] | None:
    """CSP hashes of the stylesheets the bundle inserts at run time; None when it is not built."""
    try:
        return tuple(islands.manifest(app).get("styleHashes", ()))
    except (OSError, ValueError):
        return None


def security_headers(app: Flask, secure: bool) -> tuple[tuple[str, str], ...]:
    """The headers every answer gets. Made once per app and scheme (they were a tenth of a message
    send's CPU when made per answer: the manifest's stat, the policy's cache key); made afresh in
    debug mode, where `make dev` rebuilds the bundle under the running server, and until the
    bundle is built."""
    made = app.extensions.setdefault("lobby.security-headers", {})
    if secure not in made or app.debug:
        hashes = inserted_style_hashes(app)
        headers = tuple(build_headers(app.config["FRAME_ANCESTORS"], hashes or (), secure).items())
        if hashes is None:
            return headers
        made[secure] = headers
    return made[secure]


def build_headers(frame_ancestors: str, style_hashes: tuple[str, ...], secure: bool) -> dict[str, str]:
    headers = {
        "Content-Security-Policy": content_security_policy(frame_ancestors, style_hashes),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    }
    if frame_ancestors == "'none'":
        # For browsers without frame-ancestors; it cannot name allowed framers, so only for none.
        headers["X-Frame-Options"] = "DENY"
    if secure:
        # Browsers heed it only over HTTPS. No includeSubDomains: other hosts of the domain are
        # not ours to pin.
        headers["Strict-Transport-Security"] = f"max-age={ONE_YEAR}"
    return headers


def add_security_headers(response):
    """Each header unless the view set its own (attachments carry their own policy)."""
    headers = response.headers
    for name, value in security_headers(current_app, request.is_secure):
        if name not in headers:
            headers.add(name, value)
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_security_headers)
