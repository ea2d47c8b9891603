"""A DM's messages go through the messages calls, as a server channel's do: history, send, edit,
delete, reactions, files, search and catch-up. Anyone but its two people gets 404; a block
either way refuses writing (reading stays)."""
import pytest

from tests.dms.conftest import block, open_dm, refusal, say

CHANNEL_MISSING = (404, "CHANNEL_NOT_FOUND", "Канал не найден")
BLOCKED_BY_ME = (403, "USER_BLOCKED", "Вы заблокировали этого пользователя")
BLOCKED_BY_THEM = (403, "DM_NOT_ALLOWED", "Пользователь не принимает личные сообщения")  # as a privacy refusal: a block is not revealed


def history(person, channel_id: int, **query) -> dict:
    response = person.get(f"/api/messages/{channel_id}/messages", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_both_people_write_and_read_the_history(dm):
    alice, bob, channel_id = dm
    first = say(alice, channel_id, "привет, боб")
    second = say(bob, channel_id, "привет, алиса", replyToId=first["id"])
    assert second["replyTo"]["id"] == first["id"]
    for person in (alice, bob):
        page = history(person, channel_id)
        assert [m["id"] for m in page["messages"]] == [first["id"], second["id"]] and page["hasMore"] is False


def test_catching_up_after_a_reconnect_reads_what_came_after(dm):
    alice, bob, channel_id = dm
    seen = say(alice, channel_id, "один")
    missed = [say(bob, channel_id, word)["id"] for word in ("два", "три")]
    assert [m["id"] for m in history(alice, channel_id, after=seen["id"])["messages"]] == missed


def test_a_resend_with_the_same_nonce_makes_one_message(dm):
    alice, _, channel_id = dm
    first = alice.post(f"/api/messages/{channel_id}/messages", json={"content": "раз", "nonce": "n1"})
    again = alice.post(f"/api/messages/{channel_id}/messages", json={"content": "раз", "nonce": "n1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["message"]["id"] == first.get_json()["message"]["id"]


def test_each_edits_and_deletes_only_their_own(dm):
    alice, bob, channel_id = dm
    message = say(alice, channel_id, "опечатка")
    edited = alice.patch(f"/api/messages/{message['id']}", json={"content": "исправлено"})
    assert edited.status_code == 200 and edited.get_json()["message"]["content"] == "исправлено"
    assert refusal(bob.patch(f"/api/messages/{message['id']}", json={"content": "нет"}))[:2] == (403, "FORBIDDEN")
    assert refusal(bob.delete(f"/api/messages/{message['id']}"))[:2] == (403, "FORBIDDEN")  # no moderators in a DM
    assert alice.delete(f"/api/messages/{message['id']}").status_code == 200
    assert history(bob, channel_id)["messages"] == []


def test_both_react(dm):
    alice, bob, channel_id = dm
    message = say(alice, channel_id, "ура")
    assert bob.post(f"/api/messages/{message['id']}/reactions", json={"emoji": "🎉"}).status_code == 200
    reacted = alice.post(f"/api/messages/{message['id']}/reactions", json={"emoji": "🎉"}).get_json()["message"]
    assert reacted["reactions"] == [{"emoji": "🎉", "count": 2, "users": [bob.id, alice.id]}]
    removed = bob.delete(f"/api/messages/{message['id']}/reactions/🎉")
    assert removed.status_code == 200 and removed.get_json()["message"]["reactions"][0]["users"] == [alice.id]


def test_a_file_sent_in_a_dm_is_downloaded_by_both_and_nobody_else(dm, mallory):
    alice, bob, channel_id = dm
    response = alice.upload(f"/api/messages/{channel_id}/messages",
                            {"content": "смотри", "files": (b"hello", "notes.txt")})
    assert response.status_code == 201, response.get_json()
    url = response.get_json()["message"]["attachments"][0]["url"]
    for person in (alice, bob):
        got = person.get(url)
        assert got.status_code == 200 and got.data == b"hello"
    assert refusal(mallory.get(url)) == CHANNEL_MISSING


def test_search_in_a_dm_finds_its_messages(dm):
    alice, bob, channel_id = dm
    message = say(bob, channel_id, "встречаемся у фонтана")
    response = alice.get("/api/messages/search", query_string={"q": "фонтана", "channelId": channel_id})
    assert response.status_code == 200, response.get_json()
    [found] = response.get_json()["messages"]
    assert found["id"] == message["id"] and found["channelId"] == channel_id
    assert (found["serverId"], found["serverName"], found["channelName"]) == (None, None, "bob")


def test_a_search_without_a_channel_never_looks_in_dms(dm, mallory):
    alice, bob, channel_id = dm
    say(bob, channel_id, "секретный пароль от сейфа")
    for person in (alice, bob, mallory):
        response = person.get("/api/messages/search", query_string={"q": "сейфа"})
        assert response.status_code == 200 and response.get_json()["messages"] == []


def test_a_stranger_gets_404_for_everything_in_someone_elses_dm(dm, mallory):
    alice, bob, channel_id = dm
    message = say(alice, channel_id, "только для боба")
    url = f"/api/messages/{message['id']}"
    assert refusal(mallory.get(f"/api/messages/{channel_id}/messages")) == CHANNEL_MISSING
    assert refusal(mallory.get(f"/api/messages/{channel_id}/messages", query_string={"after": 1})) == CHANNEL_MISSING
    assert refusal(mallory.post(f"/api/messages/{channel_id}/messages", json={"content": "спам"})) == CHANNEL_MISSING
    assert refusal(mallory.upload(f"/api/messages/{channel_id}/messages",
                                  {"content": "спам", "files": (b"x", "x.txt")})) == CHANNEL_MISSING
    assert refusal(mallory.post(f"{url}/reactions", json={"emoji": "👀"})) == CHANNEL_MISSING
    assert refusal(mallory.delete(f"{url}/reactions/👀")) == CHANNEL_MISSING
    assert refusal(mallory.patch(url, json={"content": "взлом"})) == CHANNEL_MISSING
    assert refusal(mallory.delete(url)) == CHANNEL_MISSING
    assert refusal(mallory.get("/api/messages/search", query_string={"q": "боба", "channelId": channel_id})) == \
        CHANNEL_MISSING
    assert [m["content"] for m in history(bob, channel_id)["messages"]] == ["только для боба"]


@pytest.mark.parametrize("blocker", ["alice", "bob"])
def test_a_block_either_way_refuses_sending_and_reacting_but_not_reading(dm, blocker):
    alice, bob, channel_id = dm
    message = say(bob, channel_id, "до блокировки")
    block(*((alice, bob) if blocker == "alice" else (bob, alice)))
    mine, theirs = (BLOCKED_BY_ME, BLOCKED_BY_THEM) if blocker == "alice" else (BLOCKED_BY_THEM, BLOCKED_BY_ME)
    assert refusal(alice.post(f"/api/messages/{channel_id}/messages", json={"content": "эй"})) == mine
    assert refusal(bob.post(f"/api/messages/{channel_id}/messages", json={"content": "эй"})) == theirs
    assert refusal(alice.upload(f"/api/messages/{channel_id}/messages",
                                {"content": "файл", "files": (b"x", "x.txt")})) == mine
    assert refusal(alice.post(f"/api/messages/{channel_id}/messages",
                              json={"content": "ответ", "replyToId": message["id"]})) == mine
    assert refusal(alice.post(f"/api/messages/{message['id']}/reactions", json={"emoji": "👍"})) == mine
    assert [m["content"] for m in history(alice, channel_id)["messages"]] == ["до блокировки"]


def test_a_resend_of_a_message_written_before_the_block_still_answers_with_it(dm):
    alice, bob, channel_id = dm
    first = alice.post(f"/api/messages/{channel_id}/messages", json={"content": "раз", "nonce": "before"})
    block(bob, alice)
    again = alice.post(f"/api/messages/{channel_id}/messages", json={"content": "раз", "nonce": "before"})
    assert again.status_code == 200 and again.get_json()["message"]["id"] == first.get_json()["message"]["id"]


def test_lifting_the_block_lets_them_write_again(dm):
    alice, bob, channel_id = dm
    block(alice, bob)
    assert alice.post(f"/api/friends/{bob.id}/unblock").status_code == 200
    assert say(bob, channel_id, "снова можно")["content"] == "снова можно"


def test_a_block_elsewhere_does_not_touch_this_conversation(dm, mallory):
    alice, bob, channel_id = dm
    block(alice, mallory)
    block(mallory, bob)
    assert say(alice, channel_id, "нам можно")["content"] == "нам можно"


def test_a_blocked_stranger_in_a_server_channel_still_writes_there(people, create_server):
    # Blocks are about people's own conversations: a shared server's channel is not one.
    alice, bob = people("alice"), people("bob")
    server = create_server("alice")
    assert bob.post(f"/api/servers/{server['id']}/join").status_code == 200
    channel = [c for c in alice.get(f"/api/servers/{server['id']}/channels").get_json()["channels"]
               if c["type"] == "TEXT"][0]["id"]
    block(alice, bob)
    assert say(bob, channel, "всё ещё тут")["channelId"] == channel
