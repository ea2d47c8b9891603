"""The live side of roles, timeouts and deletion: members hear `member_updated`; a deleted
server's members hear `server_access_revoked` (reason `delete`); a timed-out member's socket send
is refused like the HTTP one."""
import pytest

from lobby.realtime.schemas import SERVER_FRAMES
from tests.realtime.conftest import connect  # noqa: F401 (fixtures)

ANY = set(SERVER_FRAMES)


def heard(socket, kind: str, **match) -> dict:
    frame = socket.expect(kind, skip=ANY, **match)
    SERVER_FRAMES[kind][0].model_validate(frame["data"])
    return frame["data"]


@pytest.fixture
def crew(cast):
    return cast()


def test_every_member_hears_a_role_change(crew, connect):
    sockets = [connect(crew[role]) for role in ("owner", "moderator", "member")]
    crew["owner"].patch(f"{crew.url}/members/{crew['member'].id}", json={"role": "moderator"})
    for socket in sockets:
        assert heard(socket, "member_updated", userId=crew["member"].id) == {
            "serverId": crew.server["id"], "userId": crew["member"].id, "role": "moderator", "timedOutUntil": None}


def test_members_hear_a_timeout_and_the_outsider_does_not(crew, connect):
    member, outsider = connect(crew["member"]), connect(crew["outsider"])
    until = crew["moderator"].post(f"{crew.url}/moderation/timeout", json={
        "userId": crew["member"].id, "duration": 60, "reason": "флуд"}).get_json()["until"]
    assert heard(member, "member_updated")["timedOutUntil"] == until
    assert [f for f in outsider.frames_within(0.5) if f["type"] == "member_updated"] == []


def test_a_timed_out_members_socket_send_is_refused(crew, connect):
    channel = next(c["id"] for c in crew["member"].get(f"{crew.url}/channels").get_json()["channels"]
                   if c["type"] == "TEXT")
    crew["owner"].post(f"{crew.url}/moderation/timeout", json={"userId": crew["member"].id, "duration": 600,
                                                                "reason": "флуд"})
    socket = connect(crew["member"])
    socket.send("send_message", {"channelId": channel, "content": "всё равно"}, message_id="m1")
    error = heard(socket, "error")
    assert error["code"] == "TIMED_OUT" and "10 минут" in error["message"]


def test_every_member_leaves_a_deleted_server(crew, connect):
    sockets = [connect(crew[role]) for role in ("moderator", "member")]
    crew["owner"].delete(crew.url)
    for socket in sockets:
        assert heard(socket, "server_access_revoked") == {"serverId": crew.server["id"], "reason": "delete"}


def test_members_see_a_newcomer_arrive_and_a_kicked_member_go(crew, connect):
    owner = connect(crew["owner"])
    assert crew["outsider"].post(f"{crew.url}/join").status_code == 200
    assert heard(owner, "member_updated", userId=crew["outsider"].id) == {
        "serverId": crew.server["id"], "userId": crew["outsider"].id, "role": "member", "timedOutUntil": None}
    kicked = crew["moderator"].post(f"{crew.url}/moderation/kick", json={"userId": crew["outsider"].id, "reason": "флуд"})
    assert kicked.status_code == 200
    assert heard(owner, "member_updated", userId=crew["outsider"].id)["role"] is None
