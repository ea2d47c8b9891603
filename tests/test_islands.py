import json
import re

from lobby.islands import island


def test_island_placeholder_carries_props_safely_in_single_quotes(app):
    props = {"text": "it's </script><b>", "n": 1}
    with app.test_request_context():
        html = str(island("toaster", props))
    match = re.fullmatch(r"<div data-island=\"toaster\" data-props='([^']*)'></div>", html)
    assert match, html
    assert "<" not in match.group(1)
    assert json.loads(match.group(1).encode().decode("unicode_escape")) == props


def test_island_keeps_its_no_js_fallback(app):
    with app.test_request_context():
        html = str(island("toaster", {}, caller=lambda: "<ul>fallback</ul>"))
    assert html.endswith("><ul>fallback</ul></div>")


def test_pages_load_the_hashed_islands_bundle_that_exists(client, app):
    page = client.get("/").get_data(as_text=True)
    src = re.search(r'<script type="module" src="(/static/build/ru/main-\w+\.js)"', page).group(1)
    response = client.get(src)
    assert response.status_code == 200
    assert b"data-island" in response.data  # the mounting code is in the entry module
