"""Reactions over the live socket: the frames carry the change, so they stay small however many
reactions a message has; the socket refuses what the HTTP call refuses (one rule)."""
import json

from tests.realtime.conftest import QUIET, joined

KINDS = ["😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆", "😉", "😊", "😋", "😎", "😍", "😘", "🥰", "😗",
         "😙", "🥲", "🙂", "🤗", "🤩"]


def posted(person, channel_id: int, content: str) -> dict:
    response = person.post(f"/api/messages/{channel_id}/messages", json={"content": content})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def react(person, message_id: int, emoji: str) -> None:
    response = person.post(f"/api/messages/{message_id}/reactions", json={"emoji": emoji})
    assert response.status_code == 200, response.get_json()


def test_a_reaction_frame_carries_the_change_however_full_the_message(community, connect):
    message = posted(community.alice, community.channel, "Голосуем")
    for person in (community.alice, community.bob, community.owner):
        for emoji in KINDS[:20]:
            react(person, message["id"], emoji)
    alice = joined(connect(community.alice), community.channel)
    community.bob.delete(f"/api/messages/{message['id']}/reactions/{KINDS[0]}")
    removed = alice.expect("reaction_removed")
    react(community.bob, message["id"], KINDS[0])
    added = alice.expect("reaction_added")
    assert added["data"] == {"messageId": message["id"], "channelId": community.channel, "emoji": KINDS[0],
                             "userId": community.bob.id, "count": 3}
    assert removed["data"] == {**added["data"], "count": 2}
    assert len(json.dumps(added, ensure_ascii=False).encode()) < 200


def test_a_twenty_first_kind_over_the_socket_is_refused_as_over_http(community, connect):
    alice = joined(connect(community.alice), community.channel)
    message = posted(community.alice, community.channel, "Голосуем")
    for emoji in KINDS[:20]:
        react(community.bob, message["id"], emoji)
    alice.send("reaction_add", {"messageId": message["id"], "emoji": KINDS[20]}, message_id="r21")
    refused = alice.expect("error", skip=QUIET | {"new_message", "reaction_added"})
    assert refused["messageId"] == "r21" and refused["data"] == {
        "message": "У сообщения уже 20 разных реакций: можно добавить только одну из них", "code": "TOO_MANY_REACTIONS"}
    alice.send("reaction_add", {"messageId": message["id"], "emoji": KINDS[0]})  # one it has: fine
    assert alice.expect("reaction_added", skip=QUIET | {"reaction_added"}, userId=community.alice.id)["data"]["count"] == 2


def test_an_emoji_comes_back_in_its_stored_form(community, connect):
    alice = joined(connect(community.alice), community.channel)
    message = posted(community.alice, community.channel, "Сердце")
    alice.send("reaction_add", {"messageId": message["id"], "emoji": "❤"})
    assert alice.expect("reaction_added", skip=QUIET | {"new_message"})["data"]["emoji"] == "❤️"
