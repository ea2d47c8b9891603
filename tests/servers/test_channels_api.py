"""A server's channels: `GET` and `POST /api/servers/{id}/channels`."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")


def channel_names(person, url: str) -> list[str]:
    return [channel["name"] for channel in person.get(f"{url}/channels").get_json()["channels"]]


# GET /api/servers/{id}/channels


@pytest.mark.parametrize("role", ["member", "moderator", "owner"])
def test_members_read_the_channels_in_order(cast, role):
    crew = cast(template="gaming")
    response = crew[role].get(f"{crew.url}/channels")
    assert response.status_code == 200
    channels = response.get_json()["channels"]
    assert [(c["name"], c["type"], c["position"]) for c in channels] == [
        ("общий", "TEXT", 0), ("игра", "TEXT", 1), ("голосовой", "VOICE", 2)]
    assert all(c["serverId"] == crew.server["id"] and isinstance(c["id"], int) and c["description"] is None
               for c in channels)


@pytest.mark.parametrize("is_public, role, answer", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
])
def test_non_members_do_not_read_the_channels(cast, is_public, role, answer):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].get(f"{crew.url}/channels")) == answer


def test_channels_of_an_unknown_server_answer_404(people):
    assert error_of(people("outsider").get("/api/servers/31337/channels")) == NOT_FOUND


# POST /api/servers/{id}/channels


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_the_owner_and_moderators_create_channels(cast, role):
    crew = cast(template="custom")
    response = crew[role].post(f"{crew.url}/channels", json={"name": "  стратегии ", "type": "TEXT",
                                                             "description": "Обсуждаем тактику"})
    assert response.status_code == 201
    channel = response.get_json()["channel"]
    assert (channel["name"], channel["type"], channel["description"], channel["position"], channel["serverId"]) == (
        "стратегии", "TEXT", "Обсуждаем тактику", 1, crew.server["id"])
    assert channel_names(crew["member"], crew.url) == ["основной", "стратегии"]


@pytest.mark.parametrize("is_public, role, answer", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "member", NO_RIGHTS),
    (True, "banned", NOT_A_MEMBER), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
    (False, "member", NO_RIGHTS),
])
def test_others_cannot_create_channels(cast, is_public, role, answer):
    crew = cast(is_public=is_public, template="custom")
    assert error_of(crew[role].post(f"{crew.url}/channels", json={"name": "флуд"})) == answer
    assert channel_names(crew["owner"], crew.url) == ["основной"]


def test_a_voice_channel_counts_as_voice(cast):
    crew = cast(template="gaming")
    response = crew["owner"].post(f"{crew.url}/channels", json={"name": "эфир", "type": "voice"})
    assert response.get_json()["channel"]["type"] == "VOICE"
    server = crew["owner"].get(crew.url).get_json()["server"]
    assert (server["channelCount"], server["textChannelCount"], server["voiceChannelCount"]) == (4, 2, 2)


def test_a_channel_is_text_unless_said_otherwise(cast):
    crew = cast()
    assert crew["owner"].post(f"{crew.url}/channels", json={"name": "чат"}).get_json()["channel"]["type"] == "TEXT"


def test_a_new_channel_goes_last(cast):
    crew = cast(template="community")
    crew["owner"].post(f"{crew.url}/channels", json={"name": "первый-новый"})
    crew["moderator"].post(f"{crew.url}/channels", json={"name": "второй-новый", "type": "VOICE"})
    channels = crew["member"].get(f"{crew.url}/channels").get_json()["channels"]
    assert [(c["name"], c["position"]) for c in channels] == [
        ("добро-пожаловать", 0), ("общение", 1), ("новости", 2), ("первый-новый", 3), ("второй-новый", 4)]


@pytest.mark.parametrize("fields, field, message", [
    ({"name": ""}, "name", "Введите название канала"),
    ({"name": "   "}, "name", "Введите название канала"),
    ({"name": "к" * 101}, "name", "Название слишком длинное"),
    ({"name": "чат", "type": "VIDEO"}, "type", "Тип канала: TEXT или VOICE"),
    ({"name": "чат", "description": "о" * 501}, "description", "Описание слишком длинное"),
])
def test_a_bad_channel_is_refused_with_its_message(cast, fields, field, message):
    crew = cast(template="custom")
    response = crew["owner"].post(f"{crew.url}/channels", json=fields)
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}
    assert channel_names(crew["owner"], crew.url) == ["основной"]


def test_a_channel_body_must_be_a_json_object(cast):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/channels", data="[]", content_type="application/json")
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


def test_creating_a_channel_is_audited(cast):
    crew = cast()
    crew["moderator"].post(f"{crew.url}/channels", json={"name": "эфир", "type": "VOICE"})
    entry = crew["owner"].get(f"{crew.url}/audit-log").get_json()["actions"][0]
    assert (entry["type"], entry["moderator"]["username"], entry["reason"]) == ("CHANNEL_CREATE", "moderator", "#эфир (VOICE)")
