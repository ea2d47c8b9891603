"""static/ as browsers get it (WhiteNoise, in both modes): the hashed bundles cached for good and
sent compressed to browsers that accept it; the other files, linked with ?v=<hash>, cached for a
day and then revalidated."""
import gzip
import re

import brotli
import pytest

from lobby import islands


def bundle_url(app) -> str:
    return "/static/" + islands.manifest(app)["ru"]["main.js"]


def stylesheet_url(client) -> str:
    return re.search(r'href="(/static/css/lobby\.css\?v=\w+)"', client.get("/").get_data(as_text=True)).group(1)


def test_the_hashed_bundle_is_cached_for_good(client, app):
    response = client.get(bundle_url(app))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "max-age=315360000, public, immutable"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("encoding, decompress", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_the_bundle_is_sent_compressed_to_browsers_that_accept_it(client, app, encoding, decompress):
    plain = client.get(bundle_url(app)).data
    response = client.get(bundle_url(app), headers={"Accept-Encoding": f"{encoding}"})
    assert response.headers["Content-Encoding"] == encoding
    assert response.headers["Vary"] == "Accept-Encoding"
    assert len(response.data) < len(plain) / 2
    assert decompress(response.data) == plain


def test_a_browser_that_accepts_both_gets_the_smaller_brotli(client, app):
    response = client.get(bundle_url(app), headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert response.headers["Content-Encoding"] == "br"


def test_the_manifest_is_not_cached_for_good(client):
    response = client.get("/static/build/manifest.json")
    assert "immutable" not in response.headers["Cache-Control"]


def test_versioned_files_are_cached_for_a_day_then_revalidated(client):
    url = stylesheet_url(client)
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "text/css"
    assert response.headers["Cache-Control"] == "max-age=86400, public"
    again = client.get(url, headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_in_debug_mode_files_are_looked_up_afresh_and_not_cached(make_app, monkeypatch, _migrated):
    monkeypatch.setenv("FLASK_DEBUG", "1")  # what `flask run --debug` (make dev) sets
    client = make_app().test_client()
    assert client.get(stylesheet_url(client)).headers["Cache-Control"] == "max-age=0, public"


def test_static_files_take_only_get_and_head(client):
    response = client.post("/static/img/logo.svg")
    assert response.status_code == 405
    assert response.headers["Allow"] == "GET, HEAD"


def test_a_missing_static_file_is_the_404_page(client):
    assert client.get("/static/css/no-such.css").status_code == 404
