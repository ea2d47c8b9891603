"""A change reaches the user's other tabs live (`settings_changed`), and `profile.status` is the
presence status, both ways."""
from tests.settings.conftest import change, settings


def test_a_change_reaches_every_socket_of_the_user_and_nobody_elses(community, connect):
    first, second = connect(community.alice), connect(community.alice)
    bobs = connect(community.bob)
    after = change(community.alice, {"appearance": {"theme": "light", "accentColor": "#a855f7"}})
    for socket in (first, second):
        assert socket.expect("settings_changed", timeout=10)["data"] == {"settings": after}
    assert not [f for f in bobs.frames_within(0.5) if f["type"] == "settings_changed"]


def test_reset_import_and_avatar_changes_are_told_too(community, connect):
    from tests.settings.test_avatar_api import picture, upload

    socket = connect(community.alice)
    community.alice.post("/api/settings/reset")
    socket.expect("settings_changed", timeout=10)
    community.alice.post("/api/settings/import", json={"general": {"language": "en"}})
    assert socket.expect("settings_changed", timeout=10)["data"]["settings"]["general"]["language"] == "en"
    url = upload(community.alice, picture()).get_json()["settings"]["profile"]["avatarUrl"]
    changed, person = settings_and_person(socket)
    assert changed["settings"]["profile"]["avatarUrl"] == url
    assert person["user"]["profileImageUrl"].startswith(f"/api/users/{community.alice.id}/avatar")
    community.alice.delete("/api/settings/avatar")
    changed, person = settings_and_person(socket)
    assert changed["settings"]["profile"]["avatarUrl"] is None
    assert person["user"]["profileImageUrl"] is None


def settings_and_person(socket) -> tuple[dict, dict]:
    """A new avatar tells the settings (`settings_changed`) and the person everyone sees
    (`user_updated`, to one's own tabs too), in either order."""
    got = {}
    while len(got) < 2:
        frame = socket.expect_any({"settings_changed", "user_updated"} - got.keys(), timeout=10)
        got[frame["type"]] = frame["data"]
    return got["settings_changed"], got["user_updated"]


def test_a_refused_change_tells_nobody(community, connect):
    socket = connect(community.alice)
    assert community.alice.patch("/api/settings", json={"appearance": {"fontSize": 99}}).status_code == 422
    assert not [f for f in socket.frames_within(0.5) if f["type"] == "settings_changed"]


def test_the_profile_status_is_the_presence_status(community, connect):
    bobs = connect(community.bob)
    connect(community.alice)
    bobs.expect("user_status", userId=community.alice.id, status="online")
    for chosen, shown in (("busy", "dnd"), ("away", "idle"), ("offline", "offline"), ("online", "online")):
        change(community.alice, {"profile": {"status": chosen}})
        bobs.expect("user_status", userId=community.alice.id, status=shown)


def test_a_status_chosen_on_the_socket_is_kept_in_the_settings(community, connect):
    socket = connect(community.alice)
    socket.send("presence_update", {"status": "dnd", "customStatus": "в рейде"})
    socket.expect("user_status", userId=community.alice.id, status="dnd")
    profile = settings(community.alice)["profile"]
    assert (profile["status"], profile["customStatus"]) == ("busy", "в рейде")


def test_a_status_chosen_while_offline_greets_the_next_socket(community, connect):
    change(community.alice, {"profile": {"status": "busy"}})
    socket = connect(community.alice, expect_connected=False)
    assert socket.expect("connected")["data"]["status"] == "dnd"
