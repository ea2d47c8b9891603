"""The servers part of `/api/openapi.json`: every operation says who may call it, the quoted error
messages are the ones the code sends, and the schemas match the bodies the API answers."""
import json

import pytest

from lobby.errors import ValidationError
from lobby.servers import access, actions
from lobby.servers.validation import check_invite_code, description_problem, name_problem


@pytest.fixture
def document(client) -> dict:
    return client.get("/api/openapi.json").get_json()


def operations(document):
    for path, item in document["paths"].items():
        if path.startswith("/api/servers"):
            for method, op in item.items():
                yield path, method, op


def test_every_servers_operation_is_tagged_and_answers_401_without_a_token(document):
    ops = list(operations(document))
    # 32 routes (the voice seats, the channels managed, roles, timeouts, reports, one's own order among them),
    # PATCH and PUT on one
    assert len(ops) == 33
    for path, method, op in ops:
        assert op["tags"] == ["servers"], (path, method)
        assert {"bearerAuth": []} in op["security"], (path, method)
        assert "401" in op["responses"] and any(status.startswith("2") for status in op["responses"]), (path, method)


def test_path_parameters_are_described(document):
    for path, method, op in operations(document):
        named = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
        assert named == {part[1:-1] for part in path.split("/") if part.startswith("{")}, (path, method)


def test_quoted_messages_are_the_ones_the_servers_code_sends(document):
    text = json.dumps(document, ensure_ascii=False)
    sent = [access.NOT_FOUND, access.NOT_MEMBER, access.NO_RIGHTS, actions.BANNED,
            name_problem(""), name_problem("A"), name_problem("A" * 101), name_problem("<b>"), description_problem("д" * 501),
            "Файл слишком большой. Максимальный размер: 5MB", "Можно загружать только изображения",
            "Неверный код приглашения или сервер недоступен", "Владелец не может покинуть свой сервер",
            "Укажите причину исключения", "Укажите причину блокировки", "Пользователь не найден",
            "Пользователь не заблокирован", "Нельзя применить это к владельцу сервера", "Нельзя применить это к себе",
            "Модератора может исключить только владелец", "Пользователь не состоит на сервере"]
    for code in ("ab", "x" * 51):
        with pytest.raises(ValidationError) as raised:
            check_invite_code(code)
        sent.append(raised.value.message)
    for message in sent:
        assert f"«{message}»" in text or f'"{message}"' in text, message
    for code in ("SERVER_NOT_FOUND", "NOT_A_MEMBER", "FORBIDDEN", "BANNED", "INVITE_INVALID", "OWNER_CANNOT_LEAVE",
                 "VALIDATION_ERROR", "USER_NOT_FOUND", "NOT_BANNED"):
        assert code in text, code


def test_create_takes_json_or_a_multipart_form_with_an_icon(document):
    content = document["paths"]["/api/servers"]["post"]["requestBody"]["content"]
    assert set(content) == {"application/json", "multipart/form-data"}
    assert content["multipart/form-data"]["schema"]["properties"]["icon"]["format"] == "binary"


def test_the_icon_is_documented_as_png_with_nosniff(document):
    answer = document["paths"]["/api/servers/{server_id}/icon"]["get"]["responses"]["200"]
    assert set(answer["content"]) == {"image/png"}
    assert answer["headers"]["X-Content-Type-Options"]["schema"]["const"] == "nosniff"


def check_shape(document, schema_name: str, body: dict) -> None:
    schema = document["components"]["schemas"][schema_name]
    assert set(schema["required"]) <= set(body), (schema_name, set(schema["required"]) - set(body))
    assert set(body) <= set(schema["properties"]), (schema_name, set(body) - set(schema["properties"]))


def test_schemas_match_what_the_api_answers(document, cast):
    crew = cast()
    owner = crew["owner"]
    owner.post(f"{crew.url}/moderation/kick", json={"userId": crew["member"].id, "reason": "тест"})
    check_shape(document, "Server", owner.get(crew.url).get_json()["server"])
    check_shape(document, "Server", crew["outsider"].get(crew.url).get_json()["server"])
    check_shape(document, "Channel", owner.get(f"{crew.url}/channels").get_json()["channels"][0])
    check_shape(document, "Member", owner.get(f"{crew.url}/members").get_json()["members"][0])
    check_shape(document, "AuditEntry", owner.get(f"{crew.url}/audit-log").get_json()["actions"][0])
    check_shape(document, "Ban", owner.get(f"{crew.url}/bans").get_json()["bans"][0])
