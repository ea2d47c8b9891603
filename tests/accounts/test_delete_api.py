"""Deleting an account through `DELETE /api/account`: the person goes, what they said stays."""
from __future__ import annotations

from sqlalchemy import func, select

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.friends.models import FriendRequest, Friendship
from lobby.servers.models import Membership, Server
from tests.servers.conftest import cheap_password_hashing, create_server, people, set_role  # noqa: F401 (fixtures; cheap hashing here only)

GOODBYE = {"currentPassword": "password-123", "confirmation": "УДАЛИТЬ"}


def text_channel(person, server_id: int) -> int:
    channels = person.get(f"/api/servers/{server_id}/channels").get_json()["channels"]
    return next(c["id"] for c in channels if c["type"] == "TEXT")


def test_deleting_needs_the_password_and_the_word_and_changes_nothing_otherwise(people):
    vera = people("vera")
    wrong = vera.delete("/api/account", json={**GOODBYE, "currentPassword": "not-hers"})
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "WRONG_PASSWORD"
    word = vera.delete("/api/account", json={**GOODBYE, "confirmation": "удалить бы"})
    assert word.status_code == 422
    assert word.get_json()["errors"] == {"confirmation": "Введите слово УДАЛИТЬ, чтобы подтвердить удаление"}
    assert vera.get("/api/auth/me").get_json()["user"]["username"] == "vera"


def test_messages_stay_with_a_deleted_author_and_the_names_are_free_again(app, people, create_server, client):
    server = create_server("owner")
    owner, vera = people("owner"), people("vera")
    assert vera.post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    channel = text_channel(owner, server["id"])
    assert vera.post(f"/api/messages/{channel}/messages", json={"content": "всем привет"}).status_code == 201

    response = vera.delete("/api/account", json=GOODBYE)
    assert response.status_code == 200 and response.get_json() == {"message": "Аккаунт удалён"}

    messages = owner.get(f"/api/messages/{channel}/messages").get_json()["messages"]
    said = next(m for m in messages if m["content"] == "всем привет")
    assert said["author"]["username"] == "Удалённый пользователь" and said["author"]["id"] == vera.id
    assert vera.get("/api/auth/me").status_code == 401  # the deleted user's token is refused
    assert vera.client.post("/api/auth/refresh").status_code == 401
    assert client.post("/api/auth/login", json={"username": "vera", "password": "password-123"}).status_code == 401
    again = client.post("/api/auth/register", json={"firstName": "Вера", "lastName": "Новая", "username": "vera",
                                                    "email": "vera@example.com", "password": "password-456"})
    assert again.status_code == 201  # the username and the address are free
    members = owner.get(f"/api/servers/{server['id']}/members").get_json()
    assert vera.id not in [m["user"]["id"] for m in members["members"]]


def test_owned_servers_pass_to_the_oldest_moderator_or_go_when_alone(app, people, create_server, set_role):
    shared, lonely = create_server("owner"), create_server("owner", name="Только я")
    member, moderator = people("member"), people("moderator")
    for person in (member, moderator):  # the member joined first; the moderator still comes first
        assert person.post(f"/api/servers/join/{shared['inviteCode']}").status_code == 200
    set_role(shared["id"], moderator)
    assert people("owner").delete("/api/account", json=GOODBYE).status_code == 200
    with app.app_context():
        assert db.session.get(Server, shared["id"]).owner_id == moderator.id
        assert db.session.scalar(select(Membership.role).where(Membership.user_id == moderator.id)) == "owner"
        assert db.session.get(Server, lonely["id"]) is None
    assert moderator.get(f"/api/servers/{shared['id']}").status_code == 200


def test_friends_and_requests_are_cleaned(app, people):
    vera, oleg, ivan = people("vera"), people("oleg"), people("ivan")
    assert vera.post("/api/friends/request", json={"username": "oleg"}).status_code == 201
    assert oleg.post("/api/friends/request", json={"username": "vera"}).status_code == 200  # friends now
    assert ivan.post("/api/friends/request", json={"username": "vera"}).status_code == 201
    assert vera.delete("/api/account", json=GOODBYE).status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Friendship)) == 0
        assert db.session.scalar(select(func.count()).select_from(FriendRequest)) == 0
        tombstone = db.session.get(User, vera.id)
        assert tombstone.is_deactivated and tombstone.deleted_at is not None and tombstone.email != "vera@example.com"
    assert oleg.get("/api/friends").status_code == 200
    found = oleg.get("/api/users/search?q=Удал").get_json()["users"]
    assert found == []  # a deleted person is found by nobody


def test_anonymous_callers_cannot_delete_anything(client):
    assert client.delete("/api/account", json=GOODBYE).status_code == 401


def test_a_conversation_with_a_deleted_account_stays_readable_but_takes_no_more_messages(people):
    anna, vera = people("anna"), people("vera")
    everyone = {"privacy": {"directMessages": "everyone"}}
    assert vera.client.patch("/api/settings", json=everyone, headers=vera.headers()).status_code == 200
    opened = anna.post("/api/dms", json={"userId": vera.id})
    assert opened.status_code == 200, opened.get_json()
    dm = opened.get_json()["channel"]["id"]
    said = anna.post(f"/api/messages/{dm}/messages", json={"content": "до встречи"})
    assert said.status_code == 201
    assert vera.delete("/api/account", json=GOODBYE).status_code == 200

    refused = anna.post(f"/api/messages/{dm}/messages", json={"content": "ты тут?"})
    assert refused.status_code == 403
    assert refused.get_json() == {"message": "Этот пользователь удалил аккаунт", "code": "ACCOUNT_DELETED"}
    reaction = anna.post(f"/api/messages/{said.get_json()['message']['id']}/reactions", json={"emoji": "👍"})
    assert reaction.status_code == 403 and reaction.get_json()["code"] == "ACCOUNT_DELETED"
    history = anna.get(f"/api/messages/{dm}/messages").get_json()["messages"]
    assert [m["content"] for m in history] == ["до встречи"]


def test_a_deleted_account_is_named_in_each_readers_language(people, create_server):
    server = create_server("owner")
    owner, vera = people("owner"), people("vera")
    assert vera.post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    channel = text_channel(owner, server["id"])
    said = vera.post(f"/api/messages/{channel}/messages", json={"content": "всем привет"}).get_json()["message"]
    assert owner.post(f"/api/messages/{channel}/messages",
                      json={"content": "пока", "replyToId": said["id"]}).status_code == 201
    assert vera.delete("/api/account", json=GOODBYE).status_code == 200
    english = {"general": {"language": "en"}}
    assert owner.client.patch("/api/settings", json=english, headers=owner.headers()).status_code == 200

    messages = owner.get(f"/api/messages/{channel}/messages").get_json()["messages"]
    by_text = {m["content"]: m for m in messages}
    assert by_text["всем привет"]["author"]["username"] == "Deleted user"
    assert by_text["пока"]["replyTo"]["author"]["username"] == "Deleted user"


def test_a_conversation_with_a_deleted_account_is_named_in_the_readers_language(people):
    anna, vera = people("anna"), people("vera")
    everyone = {"privacy": {"directMessages": "everyone"}}
    assert vera.client.patch("/api/settings", json=everyone, headers=vera.headers()).status_code == 200
    assert anna.post("/api/dms", json={"userId": vera.id}).status_code == 200
    assert vera.delete("/api/account", json=GOODBYE).status_code == 200
    english = {"general": {"language": "en"}}
    assert anna.client.patch("/api/settings", json=english, headers=anna.headers()).status_code == 200

    conversations = anna.get("/api/dms").get_json()["conversations"]
    assert [dm["channel"]["name"] for dm in conversations] == ["Deleted user"]
    assert [dm["channel"]["recipient"]["username"] for dm in conversations] == ["Deleted user"]
