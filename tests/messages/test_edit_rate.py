"""An edit is a send for the send rate (30 in any 10 seconds, sends and edits together), over HTTP
and over the live socket."""
from datetime import timedelta

from sqlalchemy import func, select, update

from lobby.database import utcnow
from lobby.messages.models import MessageEdit
from tests.messages.test_messages_api import history, send
from tests.realtime.conftest import QUIET, community, connect, joined  # noqa: F401 (fixtures)

LIMIT = 30
RATE_LIMITED = {"message": "Слишком много запросов. Попробуйте позже.", "code": "RATE_LIMITED"}


def edit(person, message_id: int, content: str):
    return person.patch(f"/api/messages/{message_id}", json={"content": content})


def test_edits_count_toward_the_send_rate(chat):
    owner, member, _, channel = chat
    message = send(owner, channel, "Черновик").get_json()["message"]
    for n in range(LIMIT - 1):
        assert edit(owner, message["id"], f"правка {n}").status_code == 200
    refused = edit(owner, message["id"], "ещё правка")
    assert refused.status_code == 429 and refused.get_json() == RATE_LIMITED and refused.headers["Retry-After"]
    assert send(owner, channel, "и сообщение").status_code == 429
    [kept] = history(owner, channel).get_json()["messages"]
    assert kept["content"] == f"правка {LIMIT - 2}"
    assert send(member, channel, "другому можно").status_code == 201


def test_sends_count_toward_the_edits(chat):
    owner, _, _, channel = chat
    message = send(owner, channel, "Первое").get_json()["message"]
    for n in range(LIMIT - 1):
        send(owner, channel, f"№{n}")
    refused = edit(owner, message["id"], "правка")
    assert refused.status_code == 429 and refused.headers["Retry-After"]


def test_edits_past_the_window_count_no_more_and_are_dropped(chat, in_database, app):
    owner, _, _, channel = chat
    message = send(owner, channel, "Черновик").get_json()["message"]
    for n in range(LIMIT - 1):
        edit(owner, message["id"], f"правка {n}")
    earlier = utcnow() - timedelta(seconds=11)
    in_database(lambda s: s.execute(update(MessageEdit).values(edited_at=earlier)))
    assert edit(owner, message["id"], "через минуту").status_code == 200
    with app.app_context():
        from lobby.extensions import db
        assert db.session.scalar(select(func.count()).select_from(MessageEdit)) == 1  # the old marks went


def test_an_edit_over_the_socket_past_the_rate_gets_an_error_frame(community, connect):
    alice = joined(connect(community.alice), community.channel)
    message = send(community.alice, community.channel, "Черновик").get_json()["message"]
    for n in range(LIMIT - 1):
        assert edit(community.alice, message["id"], f"правка {n}").status_code == 200
    alice.send("edit_message", {"messageId": message["id"], "content": "по сокету"}, message_id="e1")
    refused = alice.expect("error", skip=QUIET | {"new_message", "message_edited"})
    assert refused["messageId"] == "e1" and refused["data"]["code"] == "RATE_LIMITED"
    assert 1 <= refused["data"]["retryAfter"] <= 10  # a frame has no headers: the wait is in its data
