"""Voice tests: real sockets on a live server (the realtime tests' `connect`), a guild with two
voice channels, and steps in the client's words: take a seat, hear a frame, hear nothing."""
from __future__ import annotations

import time

import pytest

from lobby.realtime.schemas import SERVER_FRAMES, Envelope
from tests.friends.conftest import befriend, block  # noqa: F401 (shared steps)
from tests.realtime.conftest import connect  # noqa: F401 (fixture)
from tests.servers.conftest import cheap_password_hashing, create_server, people  # noqa: F401 (fixtures)

FULL_AT_8 = "В голосовом канале нет свободных мест: максимум 8 участников"


def channels_of(person, server_id: int, kind: str) -> list[int]:
    response = person.get(f"/api/servers/{server_id}/channels")
    assert response.status_code == 200, response.get_json()
    return [c["id"] for c in response.get_json()["channels"] if c["type"] == kind]


@pytest.fixture
def guild(people, create_server):
    """A server of `owner` with members alice, bob and carol; two voice channels (`.voice`,
    `.lounge`) and a text one (`.text`); mallory belongs to none of it."""
    class Guild:
        pass

    found = Guild()
    found.server = create_server("owner", name="Гильдия")
    server_id = found.server["id"]
    for name in ("alice", "bob", "carol"):
        assert people(name).post(f"/api/servers/join/{found.server['inviteCode']}").status_code == 200
    response = people("owner").post(f"/api/servers/{server_id}/channels", json={"name": "лаунж", "type": "VOICE"})
    assert response.status_code == 201, response.get_json()
    found.voice, found.lounge = channels_of(people("owner"), server_id, "VOICE")
    found.text = channels_of(people("owner"), server_id, "TEXT")[0]
    found.owner, found.alice, found.bob, found.carol, found.mallory = (
        people(n) for n in ("owner", "alice", "bob", "carol", "mallory"))
    return found


def heard(socket, kind: str, timeout: float = 10, **match) -> dict:
    """The next frame of `kind` whose data has `match`, stepping over any other."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        frame = socket.next(left)
        if frame is None:
            break
        if frame["type"] == kind and all(frame["data"].get(k) == v for k, v in match.items()):
            return frame
    raise AssertionError(f"no {kind} {match} within {timeout}s; saw {socket.seen[-6:]}")


def refused(socket, timeout: float = 10) -> dict:
    """The data of the next `error` frame."""
    return heard(socket, "error", timeout)["data"]


def nothing_of(socket, kinds: set[str], seconds: float = 0.6) -> None:
    """None of these frame types arrives within `seconds`."""
    found = [f for f in socket.frames_within(seconds) if f["type"] in kinds]
    assert found == [], found


def seated(socket, channel_id: int, session: str = "tab-1", **extra) -> dict:
    """Take a seat: the `rtc_voice_state` answer's data."""
    socket.send("rtc_join_channel", {"channelId": channel_id, "sessionId": session, **extra}, message_id="join")
    while (frame := heard(socket, "rtc_voice_state")).get("messageId") != "join":
        pass  # another tab's news
    assert frame["data"]["channelId"] == channel_id, frame
    return frame["data"]


def state(person, **changed) -> dict:
    return {"userId": person.id, "username": person.username, "displayName": "Тест Тестов",  # first and last name: no display name set
            "profileImageUrl": None, "muted": False, "deafened": False,
            "video": False, "screen": False, "speaking": False, "serverMuted": False, **changed}


def fits_the_document(*sockets) -> None:
    """Everything these sockets heard fits the models `/api/openapi.json` shows."""
    for socket in sockets:
        for frame in socket.seen:
            Envelope.model_validate(frame)
            model = SERVER_FRAMES[frame["type"]][0]
            model.model_validate(frame["data"])
            declared = {field.alias or name for name, field in model.model_fields.items()}
            assert set(frame["data"]) <= declared, frame


def offer(target, sdp: str = "v=0 offer") -> dict:
    return {"targetUserId": target.id, "offer": {"type": "offer", "sdp": sdp}}
