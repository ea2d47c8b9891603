"""The spec's `user_servers` frame: when a person's list of servers changes — a server joined,
created, left, lost by a kick or a ban, deleted, moved — every socket of that person hears it with
the list's new order (a deletion reaches every member at once, without it), and nobody else does."""
from lobby.realtime.schemas import SERVER_FRAMES
from tests.voice.conftest import heard


def told(socket, **match) -> dict:
    """The next `user_servers` with `match`, its data checked against the frame's model."""
    data = heard(socket, "user_servers", **match)["data"]
    model = SERVER_FRAMES["user_servers"][0]
    model.model_validate(data)
    assert set(data) <= {field.alias or name for name, field in model.model_fields.items()}, data
    return data


def none_heard(socket, seconds: float = 0.6) -> bool:
    return all(frame["type"] != "user_servers" for frame in socket.frames_within(seconds))


def ids_of(person) -> list[int]:
    return [server["id"] for server in person.get("/api/servers").get_json()["servers"]]


def test_joining_and_leaving_reach_every_tab_of_the_person_only(community, connect, create_server):
    first_tab, second_tab, owner = connect(community.alice), connect(community.alice), connect(community.owner)
    other = create_server("mallory", name="Ещё один")
    assert community.alice.post(f"/api/servers/join/{other['inviteCode']}").status_code == 200
    for tab in (first_tab, second_tab):
        data = told(tab, reason="joined")
        assert data == {"reason": "joined", "serverId": other["id"], "serverIds": [community.server["id"], other["id"]]}
    assert community.alice.post(f"/api/servers/{other['id']}/leave").status_code == 200
    for tab in (first_tab, second_tab):
        assert told(tab, reason="left") == {"reason": "left", "serverId": other["id"],
                                            "serverIds": [community.server["id"]]}
    assert none_heard(owner)


def test_creating_and_moving_reach_the_person(community, connect, create_server):
    tab = connect(community.owner)
    made = create_server("owner", name="Новый")
    assert told(tab, reason="created")["serverIds"] == [community.server["id"], made["id"]]
    assert community.owner.post(f"/api/servers/{made['id']}/move", json={"position": 0}).status_code == 200
    assert told(tab, reason="moved") == {"reason": "moved", "serverId": made["id"],
                                         "serverIds": [made["id"], community.server["id"]]}
    # Already there: nothing written, nothing said.
    assert community.owner.post(f"/api/servers/{made['id']}/move", json={"position": 0}).status_code == 200
    assert none_heard(tab)


def test_a_kick_and_a_ban_reach_the_one_who_lost_the_server(community, connect):
    alice, bob, owner = connect(community.alice), connect(community.bob), connect(community.owner)
    url = f"/api/servers/{community.server['id']}/moderation"
    assert community.owner.post(f"{url}/kick", json={"userId": community.alice.id, "reason": "флуд"}).status_code == 200
    assert told(alice, reason="kicked") == {"reason": "kicked", "serverId": community.server["id"], "serverIds": []}
    assert community.owner.post(f"{url}/ban", json={"userId": community.bob.id, "reason": "спам"}).status_code == 200
    assert told(bob, reason="banned")["serverIds"] == []
    assert none_heard(owner)


def test_a_deleted_server_leaves_every_members_list(community, connect):
    alice, bob, mallory = connect(community.alice), connect(community.bob), connect(community.mallory)
    assert community.owner.delete(f"/api/servers/{community.server['id']}").status_code == 200
    for tab in (alice, bob):
        assert told(tab, reason="deleted") == {"reason": "deleted", "serverId": community.server["id"]}
    assert none_heard(mallory)
    assert ids_of(community.alice) == []
