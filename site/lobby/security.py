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


def inserted_style_hashes(app: Flask) -> tuple[str, ...]:
    """CSP hashes of the stylesheets the bundle inserts at run time; none when it is not built."""
    try:
        return tuple(islands.manifest(app).get("styleHashes", ()))
    except (OSError, ValueError):
        return ()


def security_headers(app: Flask, secure: bool) -> dict[str, str]:
    frame_ancestors = app.config["FRAME_ANCESTORS"]
    headers = {
        "Content-Security-Policy": content_security_policy(frame_ancestors, inserted_style_hashes(app)),
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
    for name, value in security_headers(current_app, request.is_secure).items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_security_headers)
