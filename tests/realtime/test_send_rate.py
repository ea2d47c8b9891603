"""One person's send limit (30 messages in any 10 s) holds across all of their sockets and HTTP
together, not per connection."""
from sqlalchemy import func, select

from lobby.extensions import db
from lobby.messages.models import Message
from tests.realtime.conftest import joined

SKIP = {"ping", "user_status", "new_message", "channel_joined"}


def answer(socket, nonce: str) -> dict:
    """The answer to this send: `message_sent`, or the `error` naming its nonce."""
    while True:
        frame = socket.next(3)
        assert frame is not None, f"no answer for {nonce}"
        if frame["type"] in ("message_sent", "error") and frame["data"].get("nonce") == nonce:
            return frame
        assert frame["type"] in SKIP | {"message_sent"}, frame


def messages_by(app, user_id: int) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Message).where(Message.author_id == user_id))


def test_ten_sockets_of_one_person_share_one_send_limit(community, connect, app):
    app.config.update(SOCKET_BURST=1000)  # the frame budget (shared by the sockets too) is not what this counts
    sockets = [joined(connect(community.alice), community.channel) for _ in range(10)]
    answers = []
    for turn in range(4):  # 40 sends, taking turns over the 10 sockets
        for number, socket in enumerate(sockets):
            nonce = f"s{number}-{turn}"
            socket.send("send_message", {"channelId": community.channel, "content": "флуд", "nonce": nonce})
            answers.append(answer(socket, nonce))
    sent = [a for a in answers if a["type"] == "message_sent"]
    refused = [a["data"] for a in answers if a["type"] == "error"]
    assert len(sent) == 30 and messages_by(app, community.alice.id) == 30
    assert {r["code"] for r in refused} == {"RATE_LIMITED"} and len(refused) == 10
    assert all(1 <= r["retryAfter"] <= 10 for r in refused)


def test_http_sends_count_toward_the_socket_limit(community, connect, app):
    for number in range(25):
        response = community.alice.post(f"/api/messages/{community.channel}/messages", json={"content": f"№{number}"})
        assert response.status_code == 201
    socket = joined(connect(community.alice), community.channel)
    results = []
    for number in range(10):
        socket.send("send_message", {"channelId": community.channel, "content": "ещё", "nonce": f"w{number}"})
        results.append(answer(socket, f"w{number}")["type"])
    assert results == ["message_sent"] * 5 + ["error"] * 5


def test_another_person_is_not_held_back_by_someone_elses_flood(community, connect):
    flood = joined(connect(community.alice), community.channel)
    for number in range(31):
        flood.send("send_message", {"channelId": community.channel, "content": "флуд", "nonce": f"f{number}"})
        answer(flood, f"f{number}")
    bob = joined(connect(community.bob), community.channel)
    bob.send("send_message", {"channelId": community.channel, "content": "я тут", "nonce": "bob"})
    assert answer(bob, "bob")["type"] == "message_sent"
