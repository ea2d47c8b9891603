"""The live socket's handshake and keepalive: who gets in, what they hear first, how it ends."""
import logging
import time

import pytest
from itsdangerous import TimestampSigner
from simple_websocket import Client, ConnectionError
from sqlalchemy import select

from lobby.accounts.tokens import ACCESS_TOKEN_SECONDS, issue_access_token
from lobby.accounts.models import SignIn, User
from lobby.extensions import db
from tests.realtime.conftest import Socket, raw_handshake


def test_connected_frame_names_the_user(people, connect):
    alice = people("alice")
    frame = connect(alice, expect_connected=False).expect("connected")
    assert frame["data"] == {"userId": alice.id, "username": "alice", "status": "online"}


@pytest.mark.parametrize("token", [None, "", "not-a-token", "eyJ1IjoxfQ.forged.signature"])
def test_a_missing_or_bad_token_is_closed_unauthorized(live, token):
    socket = Socket(live.url, token)
    assert socket.closed_with() == (4001, "unauthorized")
    assert [f for f in socket.seen if f["type"] == "connected"] == []


def test_an_expired_token_is_closed_unauthorized(app, live, people, monkeypatch):
    alice = people("alice")
    issued_at = TimestampSigner.get_timestamp
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: issued_at(self) - ACCESS_TOKEN_SECONDS - 60)
    with app.app_context():
        sign_in = db.session.scalar(select(SignIn.id).where(SignIn.user_id == alice.id))
        stale = issue_access_token(db.session.get(User, alice.id), sign_in)
    monkeypatch.setattr(TimestampSigner, "get_timestamp", issued_at)
    assert Socket(live.url, stale).closed_with() == (4001, "unauthorized")


def test_a_foreign_origin_is_refused_before_the_handshake(people, live):
    with pytest.raises(ConnectionError) as refused:
        Client.connect(live.url.replace("http", "ws") + f"/ws?token={people('alice').token}",
                       headers={"Origin": "http://evil.example"})
    assert refused.value.status_code == 403


def test_this_host_and_configured_origins_are_let_in(app, people, connect):
    alice = people("alice")
    connect(alice, headers={"Origin": "http://127.0.0.1"})  # the test client's Host has no port
    app.config["ALLOWED_ORIGINS"] = ("https://front.example",)
    connect(alice, headers={"Origin": "https://front.example"})


def test_permessage_deflate_is_never_negotiated(people, live):
    """Browsers always offer it; the server must answer without it."""
    raw, head = raw_handshake(live.url, people("alice").token,
                              "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n")
    raw.close()
    status, *headers = head.strip().split("\r\n")
    assert " 101 " in status
    assert not [h for h in headers if h.lower().startswith("sec-websocket-extensions")]


def test_a_reader_that_does_not_keep_up_is_cut_off(app, people, live, connect, publish):
    alice, bob = people("alice"), people("bob")
    app.config["SOCKET_OUTBOX"] = 16
    stalled, _ = raw_handshake(live.url, alice.token)  # never reads another byte
    hub = app.extensions["lobby.hub"]
    wait_until(lambda: len(hub.connections_of(alice.id)) == 1)
    others = connect(bob)
    chunk = "я" * 6000
    for number in range(2000):  # ~24 MB: more than the socket buffers hold
        publish({"type": "bulk", "data": {"n": number, "chunk": chunk}}, users=[alice.id])
        if not hub.connections_of(alice.id):
            break
    wait_until(lambda: not hub.connections_of(alice.id))
    stalled.close()
    others.send("ping", message_id="alive")  # nobody else noticed
    assert others.expect("pong")["messageId"] == "alive"
    assert len(hub.connections_of(bob.id)) == 1


def wait_until(condition, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.02)


def test_the_token_never_reaches_the_logs(people, live, connect, caplog):
    alice = people("alice")
    with caplog.at_level(logging.DEBUG):
        socket = connect(alice)
        socket.send("ping")
        socket.expect("pong")
        socket.close()
        Socket(live.url, alice.token + "tampered").closed_with()
    assert alice.token not in caplog.text
    assert all(alice.token not in str(record.__dict__) for record in caplog.records)


def test_ping_is_answered_with_pong_and_its_message_id(people, connect):
    socket = connect(people("alice"))
    socket.send("ping", message_id="m-1")
    assert socket.expect("pong")["messageId"] == "m-1"


def test_the_server_pings_and_closes_a_silent_socket(app, people, connect):
    app.config.update(SOCKET_PING_SECONDS=0.2, SOCKET_IDLE_SECONDS=1.0)
    socket = connect(people("alice"))
    assert socket.expect("ping", skip={"user_status"})["data"] == {}
    assert socket.closed_with(timeout=4) == (4002, "timeout")


def test_a_socket_that_answers_pings_stays_open(app, people, connect):
    app.config.update(SOCKET_PING_SECONDS=0.2, SOCKET_IDLE_SECONDS=1.0)
    socket = connect(people("alice"))
    for _ in range(8):  # 2.4 s of answering: well past the idle limit
        socket.expect("ping", skip={"user_status"})
        socket.send("pong")
    socket.send("ping", message_id="still-here")
    assert socket.expect("pong")["messageId"] == "still-here"


def test_ending_every_session_closes_the_open_sockets(app, people, connect):
    from lobby.accounts.actions import do_deactivate
    from lobby.accounts.models import User
    from lobby.extensions import db

    alice, bob = people("alice"), people("bob")
    alice_socket, bob_socket = connect(alice), connect(bob)
    with app.app_context():
        do_deactivate(db.session.get(User, alice.id))
    assert alice_socket.closed_with() == (4001, "unauthorized")
    bob_socket.send("ping")
    assert bob_socket.expect("pong")  # everyone else carries on
