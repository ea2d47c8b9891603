"""A server's structure reaches its members live: channels created, renamed, moved and deleted,
and its settings changed, are heard by every member's socket at once — and by nobody else."""
from lobby.realtime.schemas import SERVER_FRAMES
from tests.realtime.conftest import text_channels
from tests.servers.conftest import picture
from tests.voice.conftest import channels_of, heard, seated

STRUCTURE = {"channel_created", "channel_updated", "channel_deleted", "channels_reordered", "server_updated"}


def fits_its_model(frame: dict) -> dict:
    model = SERVER_FRAMES[frame["type"]][0]
    model.model_validate(frame["data"])
    assert set(frame["data"]) <= {field.alias or name for name, field in model.model_fields.items()}, frame
    return frame["data"]


def structure_heard(socket, seconds: float = 0.8) -> list[dict]:
    return [frame for frame in socket.frames_within(seconds) if frame["type"] in STRUCTURE]


def test_a_new_channel_and_its_rename_reach_the_other_members(community, connect):
    alice, mallory = connect(community.alice), connect(community.mallory)
    url = f"/api/servers/{community.server['id']}/channels"
    made = community.owner.post(url, json={"name": "стратегии"}).get_json()["channel"]
    data = fits_its_model(alice.expect("channel_created"))
    assert data == {"serverId": community.server["id"], "channel": made}

    renamed = community.owner.patch(f"{url}/{made['id']}", json={"name": "тактика", "description": "планы"})
    assert renamed.status_code == 200
    data = fits_its_model(alice.expect("channel_updated"))
    assert (data["channel"]["id"], data["channel"]["name"], data["channel"]["description"]) == (
        made["id"], "тактика", "планы")
    assert structure_heard(mallory) == []  # not a member: hears nothing of it


def test_a_move_and_a_delete_reach_the_other_members(community, connect):
    bob = connect(community.bob)
    url = f"/api/servers/{community.server['id']}/channels"
    first, second = text_channels(community.owner, community.server["id"])[:2]
    assert community.owner.post(f"{url}/{second}/move", json={"position": 0}).status_code == 200
    data = fits_its_model(bob.expect("channels_reordered"))
    assert data["type"] == "TEXT" and data["channelIds"][:2] == [second, first]

    assert community.owner.delete(f"{url}/{second}").status_code == 200
    data = fits_its_model(bob.expect("channel_deleted"))
    assert data == {"serverId": community.server["id"], "channelId": second, "type": "TEXT"}


def test_changed_settings_reach_the_members(community, connect):
    alice, mallory = connect(community.alice), connect(community.mallory)
    response = community.owner.patch(f"/api/servers/{community.server['id']}",
                                     json={"name": "Новая гильдия", "description": "Мы растём", "isPublic": False})
    assert response.status_code == 200
    data = fits_its_model(alice.expect("server_updated"))
    assert data == {"serverId": community.server["id"], "name": "Новая гильдия", "description": "Мы растём",
                    "iconUrl": None, "isPublic": False, "category": community.server["category"]}
    assert structure_heard(mallory) == []


def test_a_new_icon_reaches_the_members_with_its_address(community, connect):
    alice, mallory = connect(community.alice), connect(community.mallory)
    server_id = community.server["id"]
    response = community.owner.upload(f"/api/servers/{server_id}", {"icon": (picture(), "icon.png")}, method="PATCH")
    assert response.status_code == 200, response.get_json()
    icon = response.get_json()["server"]["iconUrl"]
    assert icon.startswith(f"/api/servers/{server_id}/icon?v=")
    data = fits_its_model(alice.expect("server_updated"))
    assert data == {"serverId": server_id, "name": "Гильдия", "description": community.server["description"],
                    "iconUrl": icon, "isPublic": community.server["isPublic"], "category": community.server["category"]}
    picture_answer = community.alice.get(icon)  # the address a member is sent serves her the picture
    assert picture_answer.status_code == 200 and picture_answer.mimetype == "image/png"
    assert structure_heard(mallory) == []


def test_a_member_who_left_hears_no_more(community, connect):
    bob = connect(community.bob)
    assert community.bob.post(f"/api/servers/{community.server['id']}/leave").status_code == 200
    bob.expect("server_access_revoked")
    community.owner.post(f"/api/servers/{community.server['id']}/channels", json={"name": "после-ухода"})
    assert structure_heard(bob) == []


def test_deleting_a_voice_channel_ends_the_seats_in_it(community, connect):
    server_id = community.server["id"]
    voice = channels_of(community.owner, server_id, "VOICE")[0]
    alice, bob = connect(community.alice), connect(community.bob)
    seated(alice, voice)
    assert community.owner.delete(f"/api/servers/{server_id}/channels/{voice}").status_code == 200
    assert heard(alice, "rtc_voice_state")["data"]["channelId"] is None
    assert heard(bob, "rtc_user_left", channelId=voice)["data"]["userId"] == community.alice.id
    heard(bob, "channel_deleted", channelId=voice)
    alice.send("user_state_update", {"channelId": voice, "payload": {"muted": True}})
    assert heard(alice, "error")["data"]["code"] == "NOT_IN_VOICE"
