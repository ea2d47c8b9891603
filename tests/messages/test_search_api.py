"""`GET /api/messages/search`: Russian text found by word on both databases, filters, paging, and
who may find what."""
import pytest

from tests.servers.conftest import error_of



def send(person, channel_id, content):
    response = person.post(f"/api/messages/{channel_id}/messages", json={"content": content})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def search(person, q, **query):
    return person.get("/api/messages/search", query_string={"q": q, **query})


def found(person, q, **query) -> list[str]:
    response = search(person, q, **query)
    assert response.status_code == 200, response.get_json()
    return [m["content"] for m in response.get_json()["messages"]]


def test_a_member_finds_a_message_with_its_channel_server_and_sender(cast):
    owner, member, _, server, (channel, _) = cast
    sent = send(owner, channel, "Привет, мир!")
    body = search(member, "привет").get_json()
    assert body["hasMore"] is False
    [message] = body["messages"]
    assert message["id"] == sent["id"] and message["content"] == "Привет, мир!"
    assert message["channelId"] == channel and message["serverId"] == server["id"]
    assert message["channelName"] == "общий" and message["serverName"] == server["name"]
    assert message["sender"] == message["author"] == {"id": owner.id, "username": "owner",
                                                      "displayName": "Тест Тестов", "profileImageUrl": None}
    assert message["createdAt"] == message["timestamp"] == sent["createdAt"]


def test_russian_words_are_found_whatever_their_case(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "Привет всем")
    send(owner, channel, "ПРИВЕТ ещё раз")
    assert found(member, "привет ") == ["ПРИВЕТ ещё раз", "Привет всем"]  # newest first
    assert found(member, "ПрИвЕт ") == ["ПРИВЕТ ещё раз", "Привет всем"]


def test_a_word_in_the_middle_of_a_sentence_is_found(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "Сегодня вечером играем в новую карту, приходите")
    assert found(member, "играем") == ["Сегодня вечером играем в новую карту, приходите"]
    assert found(member, "карту приходите") == ["Сегодня вечером играем в новую карту, приходите"]


def test_every_word_must_occur(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "мой кот спит")
    send(owner, channel, "мой пёс спит")
    assert found(member, "кот спит") == ["мой кот спит"]
    assert found(member, "спит мой") == ["мой пёс спит", "мой кот спит"]


def test_the_last_word_is_a_prefix_while_typing_and_whole_once_finished(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "котлета была вкусной")
    send(owner, channel, "рыжий кот")
    assert found(member, "кот") == ["рыжий кот", "котлета была вкусной"]  # still typing: a prefix
    assert found(member, "кот ") == ["рыжий кот"]  # a space: the word is finished
    assert found(member, "кот рыжий") == ["рыжий кот"]  # only the last word is a prefix
    assert found(member, "кот вкусн") == []  # 'кот' is whole here: 'котлета' does not count
    assert found(member, "прив") == []
    send(owner, channel, "Приветствую!")
    assert found(member, "прив") == ["Приветствую!"]


def test_yo_and_ye_are_the_same_letter(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "Ёлка в зале")
    send(owner, channel, "ежик в тумане")
    assert found(member, "елка ") == ["Ёлка в зале"]
    assert found(member, "ёжик ") == ["ежик в тумане"]
    assert found(member, "ЁЛКА ") == ["Ёлка в зале"]


def test_latin_words_and_numbers_are_found_too(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "Counter-Strike 2 в 21:00")
    assert found(member, "counter") == ["Counter-Strike 2 в 21:00"]
    assert found(member, "strike 21") == ["Counter-Strike 2 в 21:00"]


@pytest.mark.parametrize("q", [
    '"\'', '""', "'привет'", '"привет', "привет\"", "привет*", "*привет", "NEAR(привет мир)", "привет OR мир",
    "привет AND", "NOT привет", "-привет", "+привет", "привет:*", "(привет", "привет)", "^привет", "content:привет",
    "привет & мир", "привет | !мир", "привет <-> мир", "\\привет", "%_", "'; DROP TABLE messages; --", "!!", "....",
    "привет ''", "e\u0301", "___", "🙂🙂",
])
def test_query_syntax_and_punctuation_never_break_the_search(cast, q):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "привет мир")
    response = search(member, q)
    assert response.status_code == 200, response.get_json()
    contents = [m["content"] for m in response.get_json()["messages"]]
    assert contents in ([], ["привет мир"])


def test_a_nul_in_the_query_is_refused_with_its_field_like_any_text(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "привет мир")
    response = search(member, "привет\u0000мир")
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"q": "Текст содержит недопустимый символ (NUL)"}


def test_operators_are_words_not_syntax(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "привет мир")
    send(owner, channel, "привет NEAR мир")
    assert found(member, "привет NEAR мир") == ["привет NEAR мир"]  # NEAR is a word that must occur
    assert found(member, "NEAR(привет мир)") == ["привет NEAR мир"]
    # Both hold both words; the one holding them as the phrase comes first (then newest first).
    assert found(member, '"привет" мир') == ["привет мир", "привет NEAR мир"]
    assert found(member, "привет -мир") == ["привет мир", "привет NEAR мир"]  # no exclusion either


def test_word_forms_follow_each_databases_dictionary(cast, app):
    """PostgreSQL's Russian stemmer finds a word's forms and drops stop words; SQLite's FTS5 does
    not stem, so a finished word finds only itself and every word must occur."""
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "Коты спят")
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        assert found(member, "кот ") == ["Коты спят"]
        assert found(member, "и коты ") == ["Коты спят"]  # 'и' is a stop word
    else:
        assert found(member, "кот ") == []
        assert found(member, "коты ") == ["Коты спят"]
        assert found(member, "и коты ") == []  # 'и' is a word like any other, and it is not there


def test_html_is_returned_as_stored_text(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "<b>жирный</b> текст")
    assert found(member, "жирный") == ["<b>жирный</b> текст"]


def test_edits_and_deletes_reach_the_index(cast):
    owner, member, _, _, (channel, _) = cast
    message = send(owner, channel, "первая версия")
    assert owner.patch(f"/api/messages/{message['id']}", json={"content": "вторая редакция"}).status_code == 200
    assert found(member, "первая") == []
    assert found(member, "редакция") == ["вторая редакция"]
    assert owner.delete(f"/api/messages/{message['id']}").status_code == 200
    assert found(member, "редакция") == []


def test_filters_by_server_and_channel(cast, create_server):
    owner, member, _, server, (general, game) = cast
    other = create_server(name="Другой сервер", template="custom")
    other_channel = owner.get(f"/api/servers/{other['id']}/channels").get_json()["channels"][0]["id"]
    send(owner, general, "матч в общем")
    send(owner, game, "матч в игре")
    send(owner, other_channel, "матч на другом сервере")
    assert found(owner, "матч") == ["матч на другом сервере", "матч в игре", "матч в общем"]
    assert found(owner, "матч", serverId=server["id"]) == ["матч в игре", "матч в общем"]
    assert found(owner, "матч", channelId=game) == ["матч в игре"]
    assert found(owner, "матч", serverId=server["id"], channelId=game) == ["матч в игре"]
    assert error_of(search(owner, "матч", serverId=other["id"], channelId=game)) == (
        404, "CHANNEL_NOT_FOUND", "Канал не найден")


def test_pages_go_back_by_the_before_cursor(cast):
    owner, member, _, _, (channel, _) = cast
    for n in range(5):
        send(owner, channel, f"сообщение номер {n}")
    first = search(member, "сообщение", limit=2).get_json()
    assert [m["content"] for m in first["messages"]] == ["сообщение номер 4", "сообщение номер 3"]
    assert first["hasMore"] is True
    second = search(member, "сообщение", limit=2, before=first["messages"][-1]["id"]).get_json()
    assert [m["content"] for m in second["messages"]] == ["сообщение номер 2", "сообщение номер 1"]
    last = search(member, "сообщение", limit=2, before=second["messages"][-1]["id"]).get_json()
    assert [m["content"] for m in last["messages"]] == ["сообщение номер 0"] and last["hasMore"] is False


def test_the_page_size_is_capped(cast):
    owner, member, _, _, (channel, _) = cast
    for n in range(3):
        send(owner, channel, f"строка {n}")
    assert len(found(member, "строка", limit=1)) == 1
    assert len(found(member, "строка", limit=1000)) == 3


def test_anonymous_callers_get_401(people):
    assert error_of(search(people("anonymous"), "привет")) == (401, "UNAUTHORIZED", "Требуется вход в систему")


@pytest.mark.parametrize("q, code, text", [
    ("", "QUERY_TOO_SHORT", "Введите минимум 2 символа для поиска"),
    ("  я  ", "QUERY_TOO_SHORT", "Введите минимум 2 символа для поиска"),
    ("я" * 201, "QUERY_TOO_LONG", "Поисковый запрос слишком длинный (максимум 200 символов)"),
])
def test_a_bad_query_gets_400_with_a_russian_message(people, q, code, text):
    assert error_of(search(people("member"), q)) == (400, code, text)


def test_a_missing_q_gets_400(people):
    assert people("member").get("/api/messages/search").status_code == 400


@pytest.mark.parametrize("name", ["serverId", "channelId", "before", "limit"])
def test_a_filter_that_is_not_a_number_gets_400(people, name):
    assert error_of(search(people("member"), "привет", **{name: "x"}))[:2] == (400, "BAD_REQUEST")


def test_outsiders_never_find_messages_of_servers_they_are_not_in(cast):
    owner, _, outsider, server, (channel, _) = cast
    send(owner, channel, "секретный план")
    assert found(outsider, "секретный") == []
    assert error_of(search(outsider, "секретный", channelId=channel)) == (404, "CHANNEL_NOT_FOUND", "Канал не найден")
    # A public server: known to exist, but its messages are for members.
    assert error_of(search(outsider, "секретный", serverId=server["id"]))[:2] == (403, "NOT_A_MEMBER")


def test_a_private_server_answers_404_to_outsiders(people, create_server):
    owner, outsider = people("owner"), people("outsider")
    server = create_server(isPublic=False)
    channel = owner.get(f"/api/servers/{server['id']}/channels").get_json()["channels"][0]["id"]
    send(owner, channel, "тайное собрание")
    assert error_of(search(outsider, "тайное", serverId=server["id"])) == (404, "SERVER_NOT_FOUND", "Сервер не найден")
    assert error_of(search(outsider, "тайное", serverId=999999))[:2] == (404, "SERVER_NOT_FOUND")
    assert error_of(search(outsider, "тайное", channelId=999999))[:2] == (404, "CHANNEL_NOT_FOUND")
    assert found(outsider, "тайное") == []


def test_messages_of_a_server_the_user_left_are_no_longer_found(cast):
    owner, member, _, server, (channel, _) = cast
    send(member, channel, "мои старые слова")
    assert found(member, "старые") == ["мои старые слова"]
    assert member.post(f"/api/servers/{server['id']}/leave").status_code == 200
    assert found(member, "старые") == []
    assert found(owner, "старые") == ["мои старые слова"]


def test_a_kicked_member_no_longer_finds_the_servers_messages(cast):
    owner, member, _, server, (channel, _) = cast
    send(owner, channel, "после исключения")
    response = owner.post(f"/api/servers/{server['id']}/moderation/kick", json={"userId": member.id, "reason": "флуд"})
    assert response.status_code == 200, response.get_json()
    assert found(member, "исключения") == []
