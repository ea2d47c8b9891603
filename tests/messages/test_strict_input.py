"""Input that used to be taken silently, or broke the database: values of the wrong kind, NUL
characters, messages with nothing visible, names with line breaks or direction overrides. Each is
refused with 422 naming its field, and nothing is written."""
import pytest

from tests.messages.test_messages_api import history, send


def errors_of(response) -> dict:
    assert response.status_code == 422, response.get_data(as_text=True)
    body = response.get_json()
    assert body["code"] == "VALIDATION_ERROR" and body["message"]
    return body["errors"]


@pytest.mark.parametrize("field, value", [("isPublic", {}), ("isPublic", "maybe"), ("isPublic", 3),
                                          ("template", {}), ("template", 7), ("category", []), ("name", {"x": 1})])
def test_a_server_field_of_the_wrong_kind_is_refused_not_defaulted(people, field, value):
    owner = people("owner")
    response = owner.post("/api/servers", json={"name": "Строгий сервер", field: value})
    assert field in errors_of(response)
    assert owner.get("/api/servers").get_json()["servers"] == []


def test_a_server_change_of_the_wrong_kind_is_refused(cast):
    owner, _, _, server, _ = cast
    assert "isPublic" in errors_of(owner.patch(f"/api/servers/{server['id']}", json={"isPublic": {}}))
    assert owner.get(f"/api/servers/{server['id']}").get_json()["server"]["isPublic"] is True


@pytest.mark.parametrize("value, public", [("false", False), ("off", False), ("true", True), ("on", True)])
def test_a_form_sends_its_flags_as_words(people, value, public):
    response = people("owner").upload("/api/servers", {"name": "Форма", "isPublic": value})
    assert response.status_code == 201 and response.get_json()["server"]["isPublic"] is public


@pytest.mark.parametrize("content", ["\u200b", "\u200b \u200d\ufeff", "\u2060", "\u3164", "\u202e", "\u2800\u2800"])
def test_a_message_of_only_invisible_characters_is_empty(chat, content):
    owner, _, _, channel = chat
    assert errors_of(send(owner, channel, content)) == {"content": "Сообщение не может быть пустым"}
    assert history(owner, channel).get_json()["messages"] == []


@pytest.mark.parametrize("content", ["\x00", "a\x00b", " \x00 "])
def test_a_message_with_a_nul_is_refused(chat, content):
    owner, _, _, channel = chat
    assert "content" in errors_of(send(owner, channel, content))
    assert history(owner, channel).get_json()["messages"] == []


def test_text_with_invisible_characters_among_visible_ones_is_kept(chat):
    owner, _, _, channel = chat
    response = send(owner, channel, "при\u200bвет \u202eмир")
    assert response.status_code == 201 and response.get_json()["message"]["content"] == "при\u200bвет \u202eмир"


@pytest.mark.parametrize("name", ["общий\nчат", "об\rщий", "\u202eтаки", "a\u2028b", "zero\u200bwidth", "\x00"])
def test_a_channel_name_with_line_breaks_or_direction_overrides_is_refused(cast, name):
    owner, _, _, server, _ = cast
    response = owner.post(f"/api/servers/{server['id']}/channels", json={"name": name})
    assert "name" in errors_of(response)


def test_a_channel_name_with_emoji_and_cyrillic_is_fine(cast):
    owner, _, _, server, _ = cast
    response = owner.post(f"/api/servers/{server['id']}/channels", json={"name": "🎮 игра-на-вечер"})
    assert response.status_code == 201


def test_a_nul_anywhere_in_a_json_body_is_refused_with_its_field(cast):
    owner, _, _, server, _ = cast
    response = owner.patch(f"/api/servers/{server['id']}", json={"description": "ok\x00"})
    assert errors_of(response) == {"description": "Текст содержит недопустимый символ (NUL)"}


def test_a_nul_in_a_query_is_refused(chat):
    owner, _, _, _ = chat
    assert "q" in errors_of(owner.get("/api/messages/search", query_string={"q": "при\x00вет"}))
    assert "q" in errors_of(owner.get("/api/servers/search", query_string={"q": "се\x00"}))


def test_a_nul_in_a_multipart_form_is_refused(chat, people):
    owner, _, _, channel = chat
    response = owner.upload(f"/api/messages/{channel}/messages", {"content": "x\x00", "files": (b"hi", "a.txt")})
    assert "content" in errors_of(response)
    assert "description" in errors_of(people("other").upload("/api/servers", {"name": "Форма", "description": "\x00"}))


def test_a_reaction_with_a_control_character_is_refused(chat):
    owner, _, _, channel = chat
    message = send(owner, channel, "реагируйте").get_json()["message"]
    response = owner.post(f"/api/messages/{message['id']}/reactions", json={"emoji": "👍\x00"})
    assert response.status_code == 422


@pytest.mark.parametrize("nonce", [{}, [], True, 1.5])
def test_a_nonce_that_is_neither_text_nor_a_number_is_refused(chat, nonce):
    owner, _, _, channel = chat
    assert errors_of(send(owner, channel, "привет", nonce=nonce)) == {"nonce": "Некорректный nonce"}


def test_a_nul_in_a_sign_up_is_refused_by_the_api_and_the_form(app):
    client = app.test_client()
    response = client.post("/api/auth/register", json={"firstName": "Анна", "lastName": "Смирнова", "username": "anna",
                                                       "email": "an\x00na@example.com", "password": "long-password-1"})
    assert response.status_code == 422
    form = client.post("/auth/register", data={"firstName": "Анна", "lastName": "Смирнова", "username": "anna",
                                               "email": "an\x00na@example.com", "password": "long-password-1",
                                               "confirmPassword": "long-password-1"})
    assert form.status_code == 422
