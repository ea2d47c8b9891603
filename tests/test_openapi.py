"""`/api/openapi.json` is hand-written: these tests keep it from drifting away from the routes."""
from __future__ import annotations

import json
import re

from lobby.accounts import actions, codes, tokens
from tests.servers.conftest import cheap_password_hashing, create_server, people  # noqa: F401  (shared)

IGNORED_METHODS = {"HEAD", "OPTIONS"}
HTTP_METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
SELF = "/api/openapi.json"


def openapi_path(rule: str) -> str:
    """Flask's `/x/<int:id>` as OpenAPI's `/x/{id}`."""
    return re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule)


def routes(app) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        found.setdefault(openapi_path(rule.rule), set()).update(set(rule.methods or ()) - IGNORED_METHODS)
    return found


def documented(document: dict) -> dict[str, set[str]]:
    return {path: {method.upper() for method in item if method in HTTP_METHODS}
            for path, item in document["paths"].items()}


def fetch(client) -> dict:
    response = client.get(SELF)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return json.loads(response.get_data(as_text=True))


def test_the_document_is_openapi_3_1_json(client):
    document = fetch(client)
    assert document["openapi"].startswith("3.1")
    assert document["info"]["title"] and document["paths"]


def test_every_api_route_is_documented_with_its_methods(client, app):
    actual = {path: methods for path, methods in routes(app).items() if path.startswith("/api/") and path != SELF}
    described = {path: methods for path, methods in documented(fetch(client)).items() if path.startswith("/api/")}
    assert actual, "no /api/ routes registered"
    assert described == actual


def test_every_documented_operation_exists(client, app):
    actual = routes(app)
    for path, methods in documented(fetch(client)).items():
        assert path in actual, f"{path} is documented but not routed"
        assert methods <= actual[path], f"{path}: documented {methods}, routed {actual[path]}"


def test_login_answers_with_an_access_token(client):
    document = fetch(client)
    schema = document["paths"]["/api/auth/login"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert "accessToken" in schema["properties"]
    assert "accessToken" in schema["required"]


def test_references_resolve(client):
    document = fetch(client)
    text = json.dumps(document)
    for target in set(re.findall(r'"\$ref": "#/([^"]+)"', text)):
        node = document
        for part in target.split("/"):
            assert part in node, f"dangling $ref #/{target}"
            node = node[part]


def test_quoted_messages_are_the_ones_the_code_sends(client):
    text = json.dumps(fetch(client), ensure_ascii=False)
    for sent in (actions.BAD_CREDENTIALS, actions.NOT_VERIFIED, actions.DEACTIVATED, actions.ALREADY_VERIFIED,
                 actions.RESET_INVALID, codes.INVALID, codes.EXPIRED, codes.LOCKED, codes.NO_CODE,
                 tokens.REFRESH_FAILED):
        assert sent in text, sent


def test_the_document_may_be_cached(client):
    assert "max-age" in client.get(SELF).headers["Cache-Control"]


NOT_AN_OBJECT = {"message": "Ожидается JSON-объект", "code": "BAD_REQUEST"}
# A body that is a file's content, not a request payload: the spec's own refusal (§5 Settings import).
FILE_BODIES = {("/api/settings/import", "post"): {"message": "Неверный формат файла настроек",
                                                  "code": "BAD_SETTINGS_FILE"}}


def json_body_operations(document: dict):
    """(path, method, operation) of every operation that takes a JSON body."""
    for path, item in document["paths"].items():
        for method, op in item.items():
            if method in HTTP_METHODS and "application/json" in op.get("requestBody", {}).get("content", {}):
                yield path, method, op


def test_every_json_body_operation_documents_the_400_for_a_body_that_is_not_an_object(client):
    operations = list(json_body_operations(fetch(client)))
    assert len(operations) >= 15
    for path, method, op in operations:
        answer = json.dumps(op["responses"].get("400", {}), ensure_ascii=False)
        expected = FILE_BODIES.get((path, method), NOT_AN_OBJECT)
        assert expected["message"] in answer and expected["code"] in answer, f"{method.upper()} {path}"


def test_every_json_body_operation_answers_that_400_to_a_body_that_is_not_an_object(app, client, people,
                                                                                     create_server):
    owner = people("owner")
    server = create_server("owner")
    channel = next(c["id"] for c in owner.get(f"/api/servers/{server['id']}/channels").get_json()["channels"]
                   if c["type"] == "TEXT")
    sent = owner.post(f"/api/messages/{channel}/messages", json={"content": "привет"}).get_json()["message"]
    ids = {"server_id": server["id"], "channel_id": channel, "message_id": sent["id"], "user_id": owner.id, "report_id": 1}
    caller = app.test_client()  # no refresh cookie: `refresh` reads the body only without one
    for path, method, _ in json_body_operations(fetch(client)):
        response = caller.open(path.format(**ids), method=method.upper(), data="[1]",
                               content_type="application/json", headers=owner.headers())
        expected = FILE_BODIES.get((path, method), NOT_AN_OBJECT)
        assert (response.status_code, response.get_json()) == (400, expected), f"{method.upper()} {path}"
