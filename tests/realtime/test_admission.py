"""Sockets that open together are admitted together (admission.py): each still hears its own
greeting, watches its own channels, and a session that ended is refused without its neighbours."""
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import update

from lobby.accounts.models import SignIn
from lobby.database import utcnow
from lobby.extensions import db
from tests.realtime.conftest import Socket, joined


def open_at_once(url: str, tokens: list) -> list[Socket]:
    with ThreadPoolExecutor(max_workers=len(tokens)) as pool:
        return list(pool.map(lambda token: Socket(url, token), tokens))


def test_sockets_opening_at_once_each_hear_their_own_greeting_and_messages(live, community, people):
    crowd = [community.alice, community.bob, community.owner] + [people(f"guest{i}") for i in range(6)]
    for guest in crowd[3:]:
        assert guest.post(f"/api/servers/join/{community.server['inviteCode']}").status_code == 200
    sockets = open_at_once(live.url, [person.token for person in crowd for _ in range(2)])  # two tabs each
    try:
        for index, socket in enumerate(sockets):
            person = crowd[index // 2]
            greeting = socket.expect("connected")["data"]
            assert (greeting["userId"], greeting["username"]) == (person.id, person.username)
            joined(socket, community.channel)
        sent = community.alice.post(f"/api/messages/{community.channel}/messages", json={"content": "все здесь?"})
        assert sent.status_code == 201
        for index, socket in enumerate(sockets):  # once each, whatever round the socket was admitted in
            arrived = [frame for frame in socket.frames_within(1.0 if index == 0 else 0.2)
                       if frame["type"] == "new_message"]
            assert [frame["data"]["content"] for frame in arrived] == ["все здесь?"]
    finally:
        for socket in sockets:
            socket.close()


def test_a_socket_not_in_a_channel_it_cannot_read_even_when_admitted_with_others(live, community):
    sockets = open_at_once(live.url, [community.mallory.token, community.alice.token])
    try:
        mallory, alice = sockets
        mallory.expect("connected")
        mallory.send("join_channel", {"channelId": community.channel})
        assert mallory.expect("error")["data"]["code"] == "CHANNEL_NOT_FOUND"
        alice.expect("connected")
        joined(alice, community.channel)
    finally:
        for socket in sockets:
            socket.close()


def test_an_ended_session_is_refused_while_the_others_of_its_round_get_in(app, live, community):
    with app.app_context():
        db.session.execute(update(SignIn).where(SignIn.user_id == community.bob.id).values(ended_at=utcnow()))
        db.session.commit()
    sockets = open_at_once(live.url, [community.alice.token, community.bob.token, community.owner.token])
    try:
        alice, bob, owner = sockets
        assert bob.closed_with() == (4001, "unauthorized")
        assert alice.expect("connected")["data"]["userId"] == community.alice.id
        assert owner.expect("connected")["data"]["userId"] == community.owner.id
    finally:
        for socket in sockets:
            socket.close()
