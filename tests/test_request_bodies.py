"""Request bodies of every kind, on every route: a body of the wrong type, a NUL in a multipart form
or a settings file, a body larger than its kind can need. Each is a 4xx `{message, code}` (a page
for the pages), never a 500, and nothing is stored."""
from __future__ import annotations

import json
import re
from io import BytesIO

import pytest

from tests.servers.conftest import cheap_password_hashing, create_server, people, picture  # noqa: F401  (shared)

# The calls the probe found answering 500 to a multipart body, among the rest.
PROBED = {"POST /api/auth/login", "POST /api/auth/register", "POST /api/auth/refresh", "POST /api/auth/forgot-password",
          "POST /api/auth/reset-password", "POST /api/auth/verify-email-code", "POST /api/account/password",
          "POST /api/account/email", "PATCH /api/messages/{message_id}", "POST /api/messages/{message_id}/report",
          "POST /api/dms", "POST /api/friends/request", "POST /api/channels/{channel_id}/read"}

BODY_METHODS = ("post", "put", "patch", "delete")
NUL = "a\x00b"


def concrete(path: str) -> str:
    """A document path with its parameters filled in (the refusals come before any row is read)."""
    return re.sub(r"\{[^}]+\}", "1", path)


def operations(document: dict, status: str):
    for path, item in sorted(document["paths"].items()):
        for method, operation in item.items():
            if method in BODY_METHODS and status in operation["responses"]:
                yield method, path


@pytest.fixture
def document(client):
    return client.get("/api/openapi.json").get_json()


def test_every_json_call_answers_a_multipart_body_with_415(people, document):
    olga = people("olga")
    refused = [(method, path) for method, path in operations(document, "415")
               if "multipart/form-data" not in document["paths"][path][method]["requestBody"]["content"]]
    assert PROBED <= {f"{method.upper()} {path}" for method, path in refused}
    answers = {}
    for method, path in refused:
        caller = people("anonymous") if path.startswith("/api/auth/") else olga
        answer = caller.client.open(concrete(path), method=method.upper(), data={"a": "b"}, headers=caller.headers(),
                                    content_type="multipart/form-data")
        answers[f"{method.upper()} {path}"] = (answer.status_code, (answer.get_json() or {}).get("code"))
    wrong = {call: got for call, got in answers.items() if got != (415, "UNSUPPORTED_MEDIA_TYPE")}
    assert wrong == {}


def test_a_form_sent_where_json_is_expected_is_415(people):
    answer = people("anonymous").client.post("/api/auth/login", data={"emailOrUsername": "olga", "password": "x"})
    assert answer.status_code == 415
    assert answer.get_json() == {"message": "Неподдерживаемый формат данных", "code": "UNSUPPORTED_MEDIA_TYPE"}


def test_a_body_without_a_type_is_415_even_where_a_form_is_taken(people, create_server):
    olga = people("olga")
    server = create_server("olga")
    answer = olga.client.patch(f"/api/servers/{server['id']}", data=b"{", headers=olga.headers(), content_type="")
    assert answer.status_code == 415 and answer.get_json()["code"] == "UNSUPPORTED_MEDIA_TYPE"


def first_channel(person, server: dict) -> int:
    return person.get(f"/api/servers/{server['id']}/channels").get_json()["channels"][0]["id"]


def test_calls_that_take_a_form_still_take_one(people):
    olga = people("olga")
    made = olga.upload("/api/servers", {"name": "С иконкой", "template": "gaming", "icon": (picture(), "i.png")})
    assert made.status_code == 201, made.get_json()
    channel = first_channel(olga, made.get_json()["server"])
    sent = olga.upload(f"/api/messages/{channel}/messages", {"content": "файл", "files": (b"hello", "a.txt")})
    assert sent.status_code == 201, sent.get_json()


def post_routes(app) -> list[str]:
    """Every page (not API) route that takes a POST, its parameters filled in."""
    found = set()
    for rule in app.url_map.iter_rules():
        if "POST" in rule.methods and not rule.rule.startswith("/api/") and rule.rule != "/ws":
            found.add(re.sub(r"<(?:[^<>:]+:)?[^<>]+>", "1", rule.rule))
    return sorted(found)


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_nul_in_a_multipart_form_is_refused_on_every_page(app, people, signed_in):
    caller = people("olga") if signed_in else people("anonymous")
    routes = post_routes(app)
    assert {"/auth/register", "/auth", "/auth/verify-email", "/app/settings/import"} <= set(routes)
    answers = {}
    for route in routes:
        fields = {"username": NUL, "email": NUL, "firstName": NUL, "password": NUL, "emailOrUsername": NUL,
                  "code": NUL, "displayName": NUL, "bio": NUL, "csrf_token": "x"}
        answer = caller.client.post(route, data=fields, content_type="multipart/form-data")
        answers[route] = answer.status_code
    assert {route: status for route, status in answers.items() if status != 422} == {}


def test_a_nul_in_a_file_name_is_refused(people, create_server):
    olga = people("olga")
    answer = olga.upload("/app/settings/import", {"file": (b"{}", "se\x00ttings.json")})
    assert answer.status_code == 422
    channel_id = first_channel(olga, create_server("olga"))
    sent = olga.upload(f"/api/messages/{channel_id}/messages", {"content": "x", "files": (b"hi", "a\x00.txt")})
    assert sent.status_code == 422
    assert sent.get_json()["errors"] == {"files": "Текст содержит недопустимый символ (NUL)"}


def test_a_nul_inside_an_imported_settings_file_is_refused_by_its_place(people):
    olga = people("olga")
    document = json.dumps({"profile": {"bio": NUL}, "appearance": {"theme": "light"}}).encode()
    page = olga.upload("/app/settings/import", {"file": (document, "settings.json")})
    assert page.status_code == 422
    assert "profile.bio" in page.get_data(as_text=True)
    api = olga.post("/api/settings/import", json={"profile": {"bio": NUL}})
    assert api.status_code == 422 and list(api.get_json()["errors"]) == ["profile"]
    settings = olga.get("/api/settings").get_json()
    assert settings["settings"]["appearance"]["theme"] == "dark" and "\\u0000" not in json.dumps(settings)


def test_a_json_body_past_its_limit_is_413_before_it_is_read(people):
    big = json.dumps({"emailOrUsername": "a" * 200_000, "password": "x"})
    answer = people("anonymous").client.post("/api/auth/login", data=big, content_type="application/json")
    assert answer.status_code == 413
    assert answer.get_json() == {"message": "Слишком большой запрос", "code": "PAYLOAD_TOO_LARGE"}
    form = people("anonymous").client.post("/auth", data={"emailOrUsername": "a" * 200_000, "password": "x"})
    assert form.status_code == 413


def test_a_multipart_body_past_the_picture_limit_is_413(people):
    olga = people("olga")
    answer = olga.upload("/api/settings/avatar", {"avatar": (b"\x89PNG" + b"0" * (7 * 2**20), "big.png")})
    assert answer.status_code == 413 and answer.get_json()["code"] == "PAYLOAD_TOO_LARGE"


def test_a_message_with_files_keeps_its_own_larger_limit(people, create_server):
    olga = people("olga")
    channel = first_channel(olga, create_server("olga"))
    files = {"content": "большой", "files": (b"0" * (8 * 2**20), "big.bin")}  # over the 6 MB of other forms
    sent = olga.upload(f"/api/messages/{channel}/messages", files)
    assert sent.status_code == 201, sent.get_json()
    assert sent.get_json()["message"]["attachments"][0]["size"] == 8 * 2**20


def test_a_stranger_is_refused_before_a_large_upload_is_read(people, create_server):
    channel = first_channel(people("olga"), create_server("olga"))
    stranger = people("anonymous").client.post(f"/api/messages/{channel}/messages", content_type="multipart/form-data",
                                               data={"files": (BytesIO(b"0" * (8 * 2**20)), "big.bin")})
    assert stranger.status_code == 401


def test_a_page_form_past_its_limit_is_refused_before_its_csrf_token_is_read(make_app, app):
    guarded = make_app({"WTF_CSRF_ENABLED": True})
    answer = guarded.test_client().post("/auth", data={"emailOrUsername": "a" * 200_000, "csrf_token": "x"})
    assert answer.status_code == 413
