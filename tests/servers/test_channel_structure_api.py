"""Renaming and moving a server's channels: `PATCH /api/servers/{id}/channels/{channelId}` and
`POST /api/servers/{id}/channels/{channelId}/move`."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NO_CHANNEL = (404, "CHANNEL_NOT_FOUND", "Канал не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")
REFUSED_BY_ROLE = [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (True, "member", NO_RIGHTS), (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND),
    (False, "banned", NOT_FOUND), (False, "member", NO_RIGHTS),
]


def listed(person, url: str) -> list[tuple[str, str, int]]:
    return [(c["name"], c["type"], c["position"]) for c in person.get(f"{url}/channels").get_json()["channels"]]


def channel_id(person, url: str, name: str) -> int:
    return next(c["id"] for c in person.get(f"{url}/channels").get_json()["channels"] if c["name"] == name)


def last_audit(crew) -> tuple[str, str, str]:
    entry = crew["owner"].get(f"{crew.url}/audit-log").get_json()["actions"][0]
    return entry["type"], entry["moderator"]["username"], entry["reason"]


# PATCH /api/servers/{id}/channels/{channelId}


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_the_owner_and_moderators_rename_a_channel(cast, role):
    crew = cast(template="gaming")
    general = channel_id(crew["owner"], crew.url, "общий")
    response = crew[role].patch(f"{crew.url}/channels/{general}", json={"name": "  болталка ", "description": "Обо всём"})
    assert response.status_code == 200
    channel = response.get_json()["channel"]
    assert (channel["id"], channel["name"], channel["description"], channel["position"]) == (
        general, "болталка", "Обо всём", 0)
    assert listed(crew["member"], crew.url)[0] == ("болталка", "TEXT", 0)
    assert last_audit(crew) == ("CHANNEL_UPDATE", role, "#общий → #болталка")


def test_only_the_fields_sent_change(cast):
    crew = cast(template="gaming")
    general = channel_id(crew["owner"], crew.url, "общий")
    crew["owner"].patch(f"{crew.url}/channels/{general}", json={"description": "Первое"})
    channel = crew["owner"].patch(f"{crew.url}/channels/{general}", json={"name": "главный"}).get_json()["channel"]
    assert (channel["name"], channel["description"]) == ("главный", "Первое")
    cleared = crew["owner"].patch(f"{crew.url}/channels/{general}", json={"description": ""}).get_json()["channel"]
    assert (cleared["name"], cleared["description"]) == ("главный", None)
    assert last_audit(crew) == ("CHANNEL_UPDATE", "owner", "#главный")


def test_an_empty_change_changes_nothing_and_is_not_audited(cast):
    crew = cast(template="gaming")
    general = channel_id(crew["owner"], crew.url, "общий")
    before = last_audit(crew)
    response = crew["owner"].patch(f"{crew.url}/channels/{general}", json={})
    assert response.status_code == 200 and response.get_json()["channel"]["name"] == "общий"
    assert last_audit(crew) == before


@pytest.mark.parametrize("fields, field, message", [
    ({"name": ""}, "name", "Введите название канала"),
    ({"name": None}, "name", "Введите название канала"),
    ({"name": "   "}, "name", "Введите название канала"),
    ({"name": "к" * 101}, "name", "Название слишком длинное"),
    ({"name": "чат\u202e"}, "name", "Название содержит недопустимые символы"),
    ({"name": 5}, "name", "Ожидается строка"),
    ({"name": ["чат"]}, "name", "Ожидается строка"),
    ({"description": "о" * 501}, "description", "Описание слишком длинное"),
    ({"description": {"a": 1}}, "description", "Ожидается строка"),
])
def test_a_bad_change_is_refused_with_its_message(cast, fields, field, message):
    crew = cast(template="gaming")
    general = channel_id(crew["owner"], crew.url, "общий")
    response = crew["owner"].patch(f"{crew.url}/channels/{general}", json=fields)
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}
    assert listed(crew["owner"], crew.url)[0] == ("общий", "TEXT", 0)


def test_a_change_must_be_a_json_object(cast):
    crew = cast()
    general = channel_id(crew["owner"], crew.url, "общий")
    response = crew["owner"].patch(f"{crew.url}/channels/{general}", data="[]", content_type="application/json")
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


@pytest.mark.parametrize("is_public, role, answer", REFUSED_BY_ROLE)
def test_others_cannot_rename_a_channel(cast, is_public, role, answer):
    crew = cast(is_public=is_public, template="gaming")
    general = channel_id(crew["owner"], crew.url, "общий")
    assert error_of(crew[role].patch(f"{crew.url}/channels/{general}", json={"name": "захвачен"})) == answer
    assert listed(crew["owner"], crew.url)[0] == ("общий", "TEXT", 0)


@pytest.mark.parametrize("path", ["999999", "0", "99999999999999999999", "abc", "-1", "1.5"])
def test_an_unknown_channel_answers_404(cast, path):
    crew = cast()
    response = crew["owner"].patch(f"{crew.url}/channels/{path}", json={"name": "новое"})
    assert response.status_code == 404 and response.get_json()["code"] in {"CHANNEL_NOT_FOUND", "NOT_FOUND"}


def test_a_channel_of_another_server_answers_404(cast, create_server):
    crew = cast()
    theirs = create_server("moderator", name="Другой сервер")
    foreign = channel_id(crew["moderator"], f"/api/servers/{theirs['id']}", "общий")
    # The owner manages their own server, but the channel is not on it.
    assert error_of(crew["owner"].patch(f"{crew.url}/channels/{foreign}", json={"name": "моё"})) == NO_CHANNEL
    assert error_of(crew["owner"].post(f"{crew.url}/channels/{foreign}/move", json={"position": 0})) == NO_CHANNEL
    assert error_of(crew["owner"].delete(f"{crew.url}/channels/{foreign}")) == NO_CHANNEL
    assert listed(crew["moderator"], f"/api/servers/{theirs['id']}")[0] == ("общий", "TEXT", 0)


# POST /api/servers/{id}/channels/{channelId}/move


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_a_channel_moves_within_its_own_list(cast, role):
    crew = cast(template="community")  # добро-пожаловать, общение, новости
    crew["owner"].post(f"{crew.url}/channels", json={"name": "эфир", "type": "VOICE"})
    news = channel_id(crew["owner"], crew.url, "новости")
    response = crew[role].post(f"{crew.url}/channels/{news}/move", json={"position": 0})
    assert response.status_code == 200
    assert [(c["name"], c["position"]) for c in response.get_json()["channels"]] == [
        ("новости", 0), ("добро-пожаловать", 1), ("общение", 2)]
    texts = [row for row in listed(crew["member"], crew.url) if row[1] == "TEXT"]
    assert texts == [("новости", "TEXT", 0), ("добро-пожаловать", "TEXT", 1), ("общение", "TEXT", 2)]
    assert [row for row in listed(crew["member"], crew.url) if row[1] == "VOICE"] == [("эфир", "VOICE", 3)]
    assert last_audit(crew) == ("CHANNEL_MOVE", role, "#новости → 1")


@pytest.mark.parametrize("position", [2, 3, 2**31, 2**63])
def test_a_place_past_the_end_puts_the_channel_last(cast, position):
    crew = cast(template="community")
    first = channel_id(crew["owner"], crew.url, "добро-пожаловать")
    response = crew["owner"].post(f"{crew.url}/channels/{first}/move", json={"position": position})
    assert [c["name"] for c in response.get_json()["channels"]] == ["общение", "новости", "добро-пожаловать"]


def test_a_move_to_where_the_channel_is_changes_nothing(cast):
    crew = cast(template="community")
    before = last_audit(crew)
    second = channel_id(crew["owner"], crew.url, "общение")
    response = crew["owner"].post(f"{crew.url}/channels/{second}/move", json={"position": 1})
    assert [c["name"] for c in response.get_json()["channels"]] == ["добро-пожаловать", "общение", "новости"]
    assert last_audit(crew) == before


@pytest.mark.parametrize("body", [{}, {"position": -1}, {"position": "1"}, {"position": 1.5}, {"position": True},
                                  {"position": None}, {"position": [1]}])
def test_a_bad_position_is_refused(cast, body):
    crew = cast(template="community")
    first = channel_id(crew["owner"], crew.url, "добро-пожаловать")
    response = crew["owner"].post(f"{crew.url}/channels/{first}/move", json=body)
    assert response.status_code == 422
    assert response.get_json() == {"message": "Позиция — целое число от 0", "code": "VALIDATION_ERROR",
                                   "errors": {"position": "Позиция — целое число от 0"}}


def test_a_number_too_large_for_json_integers_is_refused(cast):
    crew = cast(template="community")
    first = channel_id(crew["owner"], crew.url, "добро-пожаловать")
    response = crew["owner"].post(f"{crew.url}/channels/{first}/move", data='{"position": 1' + "0" * 40 + "}",
                                  content_type="application/json")
    assert error_of(response) == (422, "VALIDATION_ERROR", "Позиция — целое число от 0")


def test_a_move_must_be_a_json_object(cast):
    crew = cast()
    general = channel_id(crew["owner"], crew.url, "общий")
    response = crew["owner"].post(f"{crew.url}/channels/{general}/move", data="3", content_type="application/json")
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


@pytest.mark.parametrize("is_public, role, answer", REFUSED_BY_ROLE)
def test_others_cannot_move_a_channel(cast, is_public, role, answer):
    crew = cast(is_public=is_public, template="community")
    news = channel_id(crew["owner"], crew.url, "новости")
    assert error_of(crew[role].post(f"{crew.url}/channels/{news}/move", json={"position": 0})) == answer
    assert listed(crew["owner"], crew.url)[0][0] == "добро-пожаловать"
