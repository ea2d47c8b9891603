"""One server: `GET /api/servers/{id}`, its settings (`PATCH`/`PUT`), the invite code
(`POST /api/servers/{id}/invite`) and who may see its icon."""
from pathlib import Path

import pytest

from tests.messages.pictures import png_of
from tests.servers.conftest import error_of, picture

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")
NO_RIGHTS = (403, "FORBIDDEN", "Недостаточно прав")


def audit_types(owner, server_id: int) -> list[str]:
    return [entry["type"] for entry in owner.get(f"/api/servers/{server_id}/audit-log").get_json()["actions"]]


# GET /api/servers/{id}


@pytest.mark.parametrize("role, sees_code", [
    ("outsider", False), ("member", True), ("moderator", True), ("owner", True), ("banned", False),
])
def test_a_public_server_shows_to_everyone_signed_in_and_its_invite_code_to_members(cast, role, sees_code):
    crew = cast()
    response = crew[role].get(crew.url)
    assert response.status_code == 200
    server = response.get_json()["server"]
    assert ("inviteCode" in server) is sees_code
    assert server["name"] == "Мой сервер" and server["memberCount"] == 3


def test_an_anonymous_caller_cannot_read_a_public_server(cast):
    crew = cast()
    assert error_of(crew["anonymous"].get(crew.url)) == UNAUTHORIZED


@pytest.mark.parametrize("role, answer", [
    ("anonymous", UNAUTHORIZED), ("outsider", NOT_FOUND), ("banned", NOT_FOUND),
])
def test_a_private_server_does_not_exist_for_non_members(cast, role, answer):
    crew = cast(is_public=False)
    assert error_of(crew[role].get(crew.url)) == answer


@pytest.mark.parametrize("role", ["member", "moderator", "owner"])
def test_a_private_server_shows_to_its_members(cast, role):
    crew = cast(is_public=False)
    assert crew[role].get(crew.url).get_json()["server"]["inviteCode"] == crew.server["inviteCode"]


def test_my_role_is_in_the_server(cast):
    crew = cast()
    assert [crew[role].get(crew.url).get_json()["server"]["myRole"] for role in ("owner", "moderator", "member", "outsider")] \
        == ["owner", "moderator", "member", None]


def test_an_unknown_server_answers_404(people):
    assert error_of(people("outsider").get("/api/servers/999999")) == NOT_FOUND
    assert people("outsider").get("/api/servers/abc").status_code == 404


# PATCH and PUT /api/servers/{id}


@pytest.mark.parametrize("method", ["patch", "put"])
@pytest.mark.parametrize("role, answer", [
    ("anonymous", UNAUTHORIZED), ("outsider", NOT_A_MEMBER), ("member", NO_RIGHTS), ("moderator", NO_RIGHTS),
    ("banned", NOT_A_MEMBER),
])
def test_only_the_owner_changes_settings(cast, method, role, answer):
    crew = cast()
    response = getattr(crew[role], method)(crew.url, json={"name": "Захвачен"})
    assert error_of(response) == answer
    assert crew["owner"].get(crew.url).get_json()["server"]["name"] == "Мой сервер"


@pytest.mark.parametrize("method", ["patch", "put"])
def test_non_members_of_a_private_server_cannot_even_find_its_settings(cast, method):
    crew = cast(is_public=False)
    assert error_of(getattr(crew["outsider"], method)(crew.url, json={"name": "Захвачен"})) == NOT_FOUND
    assert error_of(getattr(crew["banned"], method)(crew.url, json={"name": "Захвачен"})) == NOT_FOUND


@pytest.mark.parametrize("method", ["patch", "put"])
def test_the_owner_changes_name_description_and_visibility(cast, method):
    crew = cast()
    response = getattr(crew["owner"], method)(crew.url, json={"name": "Новое имя", "description": "Новое описание",
                                                              "isPublic": False})
    assert response.status_code == 200
    changed = response.get_json()["server"]
    assert (changed["name"], changed["description"], changed["isPublic"]) == ("Новое имя", "Новое описание", False)
    again = crew["member"].get(crew.url).get_json()["server"]
    assert (again["name"], again["description"], again["isPublic"]) == ("Новое имя", "Новое описание", False)


def test_only_the_fields_sent_change(cast):
    crew = cast(description="Старое описание")
    crew["owner"].patch(crew.url, json={"name": "Другое имя"})
    server = crew["owner"].get(crew.url).get_json()["server"]
    assert (server["name"], server["description"], server["isPublic"]) == ("Другое имя", "Старое описание", True)


def test_an_empty_description_clears_it(cast):
    crew = cast(description="Было")
    assert crew["owner"].patch(crew.url, json={"description": "  "}).get_json()["server"]["description"] is None


def test_making_a_server_private_hides_it_from_outsiders_at_once(cast):
    crew = cast()
    crew["owner"].patch(crew.url, json={"isPublic": False})
    assert error_of(crew["outsider"].get(crew.url)) == NOT_FOUND
    assert crew["outsider"].get("/api/servers/public").get_json()["servers"] == []
    assert crew["member"].get(crew.url).status_code == 200


@pytest.mark.parametrize("changes, field, message", [
    ({"name": ""}, "name", "Введите название сервера"),
    ({"name": "Ы"}, "name", "Название должно содержать минимум 2 символа"),
    ({"name": "Ы" * 101}, "name", "Название слишком длинное"),
    ({"name": "<b>жирный</b>"}, "name", "Только буквы, цифры, пробелы и дефисы"),
    ({"name": "Сервер 🔥"}, "name", "Только буквы, цифры, пробелы и дефисы"),
    ({"description": "д" * 501}, "description", "Описание слишком длинное"),
    ({"category": "cooking"}, "category", "Неизвестная категория"),
])
def test_settings_are_validated_like_a_new_server(cast, changes, field, message):
    crew = cast()
    response = crew["owner"].patch(crew.url, json=changes)
    assert response.status_code == 422
    assert response.get_json() == {"message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}
    assert crew["owner"].get(crew.url).get_json()["server"]["name"] == "Мой сервер"


def test_settings_refuse_a_body_that_is_not_a_json_object(cast):
    crew = cast()
    response = crew["owner"].patch(crew.url, data='"name"', content_type="application/json")
    assert error_of(response) == (400, "BAD_REQUEST", "Ожидается JSON-объект")


def test_a_settings_change_is_audited_with_the_fields_changed(cast):
    crew = cast()
    crew["owner"].put(crew.url, json={"name": "Переименован", "isPublic": True})
    entry = crew["owner"].get(f"{crew.url}/audit-log").get_json()["actions"][0]
    assert (entry["type"], entry["moderator"]["username"], entry["reason"]) == ("SETTINGS", "owner", "is_public, name")


def test_the_owner_replaces_the_icon_with_a_multipart_form(app, cast):
    crew = cast()
    owner = crew["owner"]
    first = owner.upload(crew.url, {"icon": (picture(color="red"), "a.png")}, method="PATCH").get_json()["server"]
    second = owner.upload(crew.url, {"name": "С иконкой", "icon": (picture(color="blue"), "b.png")},
                          method="PUT").get_json()["server"]
    assert first["iconUrl"] and second["iconUrl"] and first["iconUrl"] != second["iconUrl"]
    assert second["name"] == "С иконкой"
    assert owner.get(second["iconUrl"]).status_code == 200
    assert len(list((Path(app.config["UPLOAD_FOLDER"]) / "server-icons").glob("*.png"))) == 1  # the old one is gone


def test_a_settings_form_without_a_chosen_file_keeps_the_icon(cast):
    crew = cast()
    owner = crew["owner"]
    icon = owner.upload(crew.url, {"icon": (picture(), "a.png")}, method="PATCH").get_json()["server"]["iconUrl"]
    # A browser's FormData of a form whose file input was left empty: a file part with no name and no bytes.
    response = owner.upload(crew.url, {"name": "Только имя", "icon": (b"", "")}, method="PATCH")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["server"]["iconUrl"] == icon
    assert owner.get(icon).status_code == 200


def test_a_bad_icon_in_the_settings_changes_nothing(cast):
    crew = cast()
    response = crew["owner"].upload(crew.url, {"name": "Не сохранится", "icon": (b"GIF89a but not really", "x.gif")},
                                    method="PATCH")
    assert response.status_code == 422 and response.get_json()["errors"] == {"icon": "Можно загружать только изображения"}
    assert crew["owner"].get(crew.url).get_json()["server"]["name"] == "Мой сервер"


def test_an_icon_of_too_many_pixels_in_the_settings_changes_nothing(app, cast):
    crew = cast()
    owner = crew["owner"]
    kept = owner.upload(crew.url, {"icon": (picture(), "a.png")}, method="PATCH").get_json()["server"]["iconUrl"]
    response = owner.upload(crew.url, {"name": "Не сохранится", "icon": (png_of(8000, 8000), "poster.png")},
                            method="PATCH")
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"icon": "Изображение слишком большое. Максимальный размер: 25 мегапикселей"}
    server = owner.get(crew.url).get_json()["server"]
    assert (server["name"], server["iconUrl"]) == ("Мой сервер", kept) and owner.get(kept).status_code == 200
    assert len(list((Path(app.config["UPLOAD_FOLDER"]) / "server-icons").glob("*.png"))) == 1


@pytest.mark.parametrize("role, status", [
    ("anonymous", 401), ("outsider", 200), ("member", 200), ("moderator", 200), ("owner", 200), ("banned", 200),
])
def test_a_public_servers_icon_shows_to_everyone_signed_in(cast, role, status):
    crew = cast()
    icon = crew["owner"].upload(crew.url, {"icon": (picture(), "a.png")}, method="PATCH").get_json()["server"]["iconUrl"]
    assert crew[role].get(icon).status_code == status


@pytest.mark.parametrize("role, status", [
    ("anonymous", 401), ("outsider", 404), ("member", 200), ("moderator", 200), ("owner", 200), ("banned", 404),
])
def test_a_private_servers_icon_shows_only_to_members(cast, role, status):
    crew = cast(is_public=False)
    icon = crew["owner"].upload(crew.url, {"icon": (picture(), "a.png")}, method="PATCH").get_json()["server"]["iconUrl"]
    response = crew[role].get(icon)
    assert response.status_code == status
    if status == 200:
        assert response.mimetype == "image/png" and response.headers["X-Content-Type-Options"] == "nosniff"


# POST /api/servers/{id}/invite


@pytest.mark.parametrize("role, answer", [
    ("anonymous", UNAUTHORIZED), ("outsider", NOT_A_MEMBER), ("member", NO_RIGHTS), ("moderator", NO_RIGHTS),
    ("banned", NOT_A_MEMBER),
])
def test_only_the_owner_regenerates_the_invite(cast, role, answer):
    crew = cast()
    assert error_of(crew[role].post(f"{crew.url}/invite")) == answer
    assert crew["owner"].get(crew.url).get_json()["server"]["inviteCode"] == crew.server["inviteCode"]


def test_outsiders_of_a_private_server_cannot_find_its_invite(cast):
    crew = cast(is_public=False)
    assert error_of(crew["outsider"].post(f"{crew.url}/invite")) == NOT_FOUND


def test_a_regenerated_invite_replaces_the_old_code(cast, people):
    crew = cast(is_public=False)
    old = crew.server["inviteCode"]
    response = crew["owner"].post(f"{crew.url}/invite")
    assert response.status_code == 200
    new = response.get_json()["inviteCode"]
    assert new != old and len(new) == 12
    assert crew["member"].get(crew.url).get_json()["server"]["inviteCode"] == new
    assert error_of(people("guest").post(f"/api/servers/join/{old}")) == (
        404, "INVITE_INVALID", "Неверный код приглашения или сервер недоступен")
    assert people("guest").post(f"/api/servers/join/{new}").status_code == 200
    assert audit_types(crew["owner"], crew.server["id"])[0] == "INVITE_REGENERATE"
