"""Sending a message: the one statement that checks the session, the membership and the rate, and
what a client is told when it refuses."""
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from lobby.accounts.models import User
from lobby.database import utcnow
from lobby.extensions import db
from lobby.messages.models import Message
from lobby.messages.sending import do_send_message
from tests.messages.test_messages_api import history, send


def test_a_token_of_an_ended_session_sends_nothing(chat, in_database):
    owner, _, _, channel = chat
    in_database(lambda s: s.execute(update(User).where(User.id == owner.id).values(session_version=2)))
    response = send(owner, channel, "После сброса пароля")
    assert (response.status_code, response.get_json()["code"]) == (401, "UNAUTHORIZED")


def test_a_deactivated_author_sends_nothing(chat, in_database):
    owner, member, _, channel = chat
    in_database(lambda s: s.execute(update(User).where(User.id == owner.id).values(is_deactivated=True)))
    assert send(owner, channel, "Меня отключили").status_code == 401
    assert [m["content"] for m in history(member, channel).get_json()["messages"]] == []


def test_an_unverified_author_is_asked_to_verify(chat, in_database):
    owner, _, _, channel = chat
    in_database(lambda s: s.execute(update(User).where(User.id == owner.id).values(is_email_verified=False)))
    response = send(owner, channel, "Без почты")
    assert (response.status_code, response.get_json()["code"]) == (403, "EMAIL_NOT_VERIFIED")


def test_a_bad_token_and_no_token_are_refused(chat, app):
    _, _, _, channel = chat
    anonymous = app.test_client()
    assert anonymous.post(f"/api/messages/{channel}/messages", json={"content": "Привет"}).status_code == 401
    forged = anonymous.post(f"/api/messages/{channel}/messages", json={"content": "Привет"},
                            headers={"Authorization": "Bearer not-a-token"})
    assert (forged.status_code, forged.get_json()["code"]) == (401, "UNAUTHORIZED")


def test_the_answer_carries_the_author_as_stored(chat):
    owner, _, _, channel = chat
    message = send(owner, channel, "Кто я?", nonce="who").get_json()["message"]
    assert message["author"] == {"id": owner.id, "username": "owner", "displayName": "Тест Тестов",
                                 "profileImageUrl": None}
    assert message["nonce"] == "who" and message["reactions"] == [] and message["attachments"] == []
    assert history(owner, channel).get_json()["messages"] == [message]


def test_the_author_shows_by_their_display_name_once_they_chose_one(chat):
    """One name (lobby.people): the send's own answer and the history say the same display name."""
    owner, _, _, channel = chat
    assert owner.patch("/api/settings", json={"profile": {"displayName": "  Хозяин  "}}).status_code == 200
    message = send(owner, channel, "Кто я теперь?", nonce="who-now").get_json()["message"]
    assert message["author"]["displayName"] == "Хозяин" and message["author"]["username"] == "owner"
    assert history(owner, channel).get_json()["messages"][-1]["author"] == message["author"]


def test_past_the_send_rate_the_answer_is_429_with_retry_after(chat, in_database):
    owner, _, _, channel = chat
    for n in range(30):
        assert send(owner, channel, f"№{n}").status_code == 201
    # The oldest counted message was sent 7 s ago: the window frees a place in 3 s.
    oldest = select(func.min(Message.id)).where(Message.author_id == owner.id).scalar_subquery()
    in_database(lambda s: s.execute(update(Message).where(Message.id == oldest)
                                    .values(created_at=utcnow() - timedelta(seconds=7))))
    refused = send(owner, channel, "Тридцать первое", nonce="late")
    assert refused.status_code == 429 and refused.get_json()["code"] == "RATE_LIMITED"
    assert refused.get_json()["message"] == "Слишком много запросов. Попробуйте позже."
    assert refused.headers["Retry-After"] == "3"
    assert "Тридцать первое" not in [m["content"] for m in history(owner, channel, limit=100).get_json()["messages"]]


def test_a_resend_past_the_rate_still_answers_the_message_it_made(chat):
    owner, _, _, channel = chat
    first = send(owner, channel, "Дошло?", nonce="again").get_json()["message"]
    for n in range(29):
        send(owner, channel, f"№{n}")
    again = send(owner, channel, "Дошло?", nonce="again")
    assert again.status_code == 200 and again.get_json()["message"]["id"] == first["id"]


def test_files_count_toward_the_same_send_rate(chat):
    owner, _, _, channel = chat
    for n in range(30):
        send(owner, channel, f"№{n}")
    response = owner.upload(f"/api/messages/{channel}/messages", {"content": "", "files": (b"data", "notes.txt")})
    assert response.status_code == 429 and response.headers["Retry-After"]


def test_the_live_socket_is_not_held_to_the_http_send_rate(chat, app):
    """The socket limits frames per connection instead (realtime/gateway.py)."""
    owner, _, _, channel = chat
    with app.app_context():
        user = db.session.get(User, owner.id)
        ids = [do_send_message(user, channel, f"№{n}")["id"] for n in range(35)]
    assert len(set(ids)) == 35


@pytest.mark.parametrize("refusal", ["none", "not a member", "nonce used"])
def test_pooled_connections_come_back_out_of_autocommit(chat, make_app, refusal):
    """The send borrows a pooled connection in autocommit; whoever gets that connection next must
    have transactions again, whether the send wrote or was refused. (The suite's apps have no
    pool, so this one gets a pool of one connection: the send's is the session's.)"""
    owner, _, outsider, channel = chat
    pooled = make_app({"SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 1, "max_overflow": 0}})
    author = {"none": owner, "not a member": outsider, "nonce used": owner}[refusal]
    if refusal == "nonce used":
        send(owner, channel, "Раз", nonce="same")
    pooled.test_client().post(f"/api/messages/{channel}/messages", json={"content": "Два", "nonce": "same"},
                              headers=author.headers())
    with pooled.app_context():
        db.session.execute(update(User).where(User.id == owner.id).values(first_name="Откат"))
        db.session.rollback()
        assert db.session.get(User, owner.id).first_name != "Откат"
