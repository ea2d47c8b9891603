"""`/api/messages/*`: history with cursors, sending (nonce, validation, replies), edit, delete,
reactions — and who may do each."""
import pytest

from lobby.realtime.bus import Recipients


def send(person, channel_id, content="Привет!", **extra):
    return person.post(f"/api/messages/{channel_id}/messages", json={"content": content, **extra})


def history(person, channel_id, **query):
    return person.get(f"/api/messages/{channel_id}/messages", query_string=query)


def test_members_send_and_read_messages_oldest_first(chat):
    owner, member, _, channel = chat
    first = send(owner, channel, "  Всем привет  ")
    assert first.status_code == 201
    body = first.get_json()["message"]
    assert body["content"] == "Всем привет" and body["author"]["username"] == "owner"
    send(member, channel, "Привет!")
    page = history(member, channel).get_json()
    assert [m["content"] for m in page["messages"]] == ["Всем привет", "Привет!"] and page["hasMore"] is False


def test_html_is_kept_as_text(chat):
    owner, _, _, channel = chat
    assert send(owner, channel, "<script>alert(1)</script>").get_json()["message"]["content"] == "<script>alert(1)</script>"


@pytest.mark.parametrize("content, problem", [
    ("", "Сообщение не может быть пустым"), ("   ", "Сообщение не может быть пустым"),
    ("я" * 2001, "Сообщение слишком длинное (максимум 2000 символов)"),
])
def test_bad_content_is_refused_with_its_message(chat, content, problem):
    owner, _, _, channel = chat
    response = send(owner, channel, content)
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"content": problem}


def test_2000_characters_are_accepted(chat):
    owner, _, _, channel = chat
    assert send(owner, channel, "я" * 2000).status_code == 201


def test_a_resend_with_the_same_nonce_creates_the_message_once(chat):
    owner, member, _, channel = chat
    first = send(owner, channel, "Один раз", nonce="n-1")
    again = send(owner, channel, "Один раз", nonce="n-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["message"]["id"] == again.get_json()["message"]["id"]
    assert send(member, channel, "Другой автор", nonce="n-1").status_code == 201  # nonces are per user
    assert len(history(owner, channel).get_json()["messages"]) == 2


def test_outsiders_and_anonymous_callers_get_nothing(chat, app):
    owner, _, outsider, channel = chat
    send(owner, channel)
    assert history(outsider, channel).status_code == 404
    assert send(outsider, channel).status_code == 404
    assert app.test_client().get(f"/api/messages/{channel}/messages").status_code == 401
    assert history(owner, 999999).status_code == 404


def test_history_pages_back_with_before_and_catches_up_with_after(chat):
    owner, _, _, channel = chat
    ids = [send(owner, channel, f"№{n}").get_json()["message"]["id"] for n in range(7)]
    newest = history(owner, channel, limit=3).get_json()
    assert [m["id"] for m in newest["messages"]] == ids[4:] and newest["hasMore"] is True
    older = history(owner, channel, limit=3, before=ids[4]).get_json()
    assert [m["id"] for m in older["messages"]] == ids[1:4]
    missed = history(owner, channel, after=ids[2]).get_json()
    assert [m["id"] for m in missed["messages"]] == ids[3:] and missed["hasMore"] is False
    assert history(owner, channel, before="abc").status_code == 400


def test_replies_quote_the_message_they_answer(chat, people, create_server):
    owner, member, _, channel = chat
    question = send(owner, channel, "Кто в рейд?").get_json()["message"]
    answer = send(member, channel, "Я!", replyToId=question["id"]).get_json()["message"]
    assert answer["replyTo"] == {"id": question["id"], "content": "Кто в рейд?", "author": {
        "id": question["author"]["id"], "username": "owner", "displayName": "Тест Тестов", "profileImageUrl": None}}
    other = create_server(owner="member", name="Другой")
    other_channel = people("member").get(f"/api/servers/{other['id']}/channels").get_json()["channels"][0]["id"]
    wrong = send(member, other_channel, "Не туда", replyToId=question["id"])
    assert wrong.status_code == 422 and wrong.get_json()["errors"] == {"replyToId": "Сообщение для ответа не найдено"}


def test_only_the_author_edits(chat):
    owner, member, _, channel = chat
    message = send(member, channel, "Опечтка").get_json()["message"]
    assert owner.patch(f"/api/messages/{message['id']}", json={"content": "Чужое"}).status_code == 403
    edited = member.patch(f"/api/messages/{message['id']}", json={"content": "Опечатка"})
    assert edited.status_code == 200
    assert edited.get_json()["message"]["content"] == "Опечатка" and edited.get_json()["message"]["editedAt"]
    assert member.patch(f"/api/messages/{message['id']}", json={"content": ""}).status_code == 422


def test_authors_and_moderators_delete_members_do_not_delete_others(chat, people, set_role):
    owner, member, _, channel = chat
    mine = send(member, channel, "Моё").get_json()["message"]
    theirs = send(owner, channel, "Владельца").get_json()["message"]
    assert member.delete(f"/api/messages/{theirs['id']}").status_code == 403
    assert member.delete(f"/api/messages/{mine['id']}").status_code == 200
    again = send(member, channel, "Ещё").get_json()["message"]
    assert owner.delete(f"/api/messages/{again['id']}").status_code == 200  # the owner moderates
    assert [m["content"] for m in history(owner, channel).get_json()["messages"]] == ["Владельца"]
    assert owner.delete(f"/api/messages/{mine['id']}").status_code == 404


def test_reactions_add_once_remove_and_show_who(chat):
    owner, member, _, channel = chat
    message = send(owner, channel).get_json()["message"]
    path = f"/api/messages/{message['id']}/reactions"
    member.post(path, json={"emoji": "👍"})
    member.post(path, json={"emoji": "👍"})  # twice: still one
    reacted = owner.post(path, json={"emoji": "👍"}).get_json()["message"]
    assert reacted["reactions"] == [{"emoji": "👍", "count": 2, "users": [member.id, owner.id]}]
    removed = member.delete(f"{path}/👍").get_json()["message"]
    assert removed["reactions"] == [{"emoji": "👍", "count": 1, "users": [owner.id]}]
    assert member.post(path, json={"emoji": ""}).status_code == 422


def test_a_kicked_member_loses_the_channel_at_once(chat):
    owner, member, _, channel = chat
    send(owner, channel, "До")
    [server] = owner.get("/api/servers").get_json()["servers"]
    kicked = owner.post(f"/api/servers/{server['id']}/moderation/kick", json={"userId": member.id, "reason": "тест"})
    assert kicked.status_code == 200
    assert history(member, channel).status_code == 404
    assert send(member, channel).status_code == 404


def test_changes_reach_the_channel_through_the_bus(chat, app):
    owner, member, _, channel = chat
    seen = []
    app.extensions["lobby.bus"].subscribe(lambda event, to: seen.append((event["type"], to)))
    message = send(owner, channel, "Живое").get_json()["message"]
    member.post(f"/api/messages/{message['id']}/reactions", json={"emoji": "🎉"})
    owner.patch(f"/api/messages/{message['id']}", json={"content": "Живое!"})
    owner.delete(f"/api/messages/{message['id']}")
    import time

    deadline = time.monotonic() + 5
    while len(seen) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [kind for kind, _ in seen] == ["new_message", "reaction_added", "message_edited", "message_deleted"]
    assert all(to == Recipients.of(channels=[channel]) for _, to in seen)


def test_sending_is_throttled_per_user(chat):
    owner, member, _, channel = chat
    codes = [send(owner, channel, f"{n}").status_code for n in range(31)]
    assert codes[:30] == [201] * 30 and codes[30] == 429
    assert send(member, channel).status_code == 201  # another user is not held back
