"""One name, one face (lobby.people): the display-name rule, the same public person in every
payload that names someone, `user_updated` to whoever may have them on screen, and the package's
place below every domain."""
from __future__ import annotations

import ast
import json
from pathlib import Path

from lobby.people.names import display_name
from tests.reads.conftest import open_dm, say

PEOPLE = Path(__file__).resolve().parents[2] / "site" / "lobby" / "people"
# What lobby.people may import: the shared plumbing, never a domain (issue 30 makes this a layer).
ALLOWED = {"lobby.texts", "lobby.schema", "lobby.people"}


def test_the_rule_is_display_name_then_first_and_last_then_username():
    assert display_name("  Вера  ", "Вера", "Павлова", "vera") == "Вера"
    assert display_name("", " Вера ", "Павлова", "vera") == "Вера Павлова"
    assert display_name(None, "", "Павлова", "vera") == "Павлова"
    assert display_name(None, "", "", "vera") == "vera"
    assert display_name(None, "", "", "Удалённый пользователь") == "Удалённый пользователь"


def test_the_islands_rule_reads_the_same_cases():
    """The islands apply the rule too (`ui/person.js`); tests/islands/person.test.mjs runs these
    cases against it, so the two cannot drift."""
    cases = json.loads((Path(__file__).resolve().parents[1] / "islands" / "display_names.json").read_text())
    for chosen, first, last, username, shown in cases:
        assert display_name(chosen, first, last, username) == shown, (chosen, first, last)


def test_the_people_package_imports_no_domain():
    for path in PEOPLE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lobby"):
                assert any(node.module == allowed or node.module.startswith(f"{allowed}.") for allowed in ALLOWED), (
                    f"{path.name} imports {node.module}")


def named(person, display: str) -> None:
    assert person.patch("/api/settings", json={"profile": {"displayName": display}}).status_code == 200


def test_every_payload_names_a_person_by_the_same_display_name(guild, connected):
    """The message's author, the member list, a DM's other person, a friend, the search results and
    the typing frame all say «Алиса» for Alice, with her username beside it."""
    alice, bob = guild.alice, guild.bob
    named(alice, "Алиса")
    shown = {"id": alice.id, "username": "alice", "displayName": "Алиса", "profileImageUrl": None}
    message = say(alice, guild.channel, "привет")
    assert message["author"] == shown
    assert bob.get(f"/api/messages/{guild.channel}/messages").get_json()["messages"][-1]["author"] == shown
    members = bob.get(f"/api/servers/{guild.server['id']}/members").get_json()["members"]
    [member] = [m["user"] for m in members if m["user"]["id"] == alice.id]
    assert member.items() >= shown.items()
    dm = open_dm(bob, alice)
    [conversation] = [c for c in bob.get("/api/dms").get_json()["conversations"] if c["channel"]["id"] == dm]
    assert conversation["channel"]["recipient"].items() >= shown.items()
    [friend] = bob.get("/api/friends").get_json()["friends"]
    assert friend.items() >= shown.items()
    [found] = bob.get("/api/users/search", query_string={"q": "alice"}).get_json()["users"]
    assert found.items() >= shown.items()
    socket = connected(bob)
    socket.send("join_channel", {"channelId": guild.channel})
    socket.expect("channel_joined")
    typing = connected(alice)
    typing.send("typing", {"channelId": guild.channel})
    assert socket.expect("typing")["data"]["user"] == shown


def test_a_new_display_name_or_avatar_reaches_whoever_may_show_it(guild, connected, people):
    """Server-mates and friends hear `user_updated`; a stranger does not."""
    alice, bob, mallory = guild.alice, guild.bob, guild.mallory
    carol = people("carol")
    open_dm(carol, alice)  # a friend and a DM, from outside the server
    mates, friend, stranger = connected(bob), connected(carol), connected(mallory)
    named(alice, "Алиса")
    expected = {"id": alice.id, "username": "alice", "displayName": "Алиса", "profileImageUrl": None}
    assert mates.expect("user_updated")["data"] == {"user": expected}
    assert friend.expect("user_updated")["data"] == {"user": expected}
    assert [f for f in stranger.frames_within(0.6) if f["type"] == "user_updated"] == []
    # Settings that do not change the face (the theme) tell nobody.
    assert alice.patch("/api/settings", json={"appearance": {"theme": "light"}}).status_code == 200
    assert [f for f in mates.frames_within(0.6) if f["type"] == "user_updated"] == []
