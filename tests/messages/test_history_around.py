"""`GET /api/messages/{channelId}/messages?around=` : a window of a channel's history around one
message, however far back (a search result, a quoted message), with who may read it."""
import pytest
from sqlalchemy import insert

from lobby.messages.models import Message
from tests.dms.conftest import open_dm
from tests.friends.conftest import befriend
from tests.messages.test_search_api import send
from tests.servers.conftest import error_of


def around(person, channel_id, message_id, **query):
    return person.get(f"/api/messages/{channel_id}/messages", query_string={"around": message_id, **query})


def contents(response) -> list[str]:
    assert response.status_code == 200, response.get_json()
    return [m["content"] for m in response.get_json()["messages"]]


@pytest.fixture
def numbered(chat):
    """Ten messages «номер 0» … «номер 9» in the chat's channel: (owner, member, outsider, channel, their ids)."""
    owner, member, outsider, channel = chat
    ids = [send(owner, channel, f"номер {n}")["id"] for n in range(10)]
    return owner, member, outsider, channel, ids


def test_a_window_holds_half_before_the_message_it_and_the_rest_after(numbered):
    _, member, _, channel, ids = numbered
    response = around(member, channel, ids[5], limit=6)
    assert contents(response) == ["номер 2", "номер 3", "номер 4", "номер 5", "номер 6", "номер 7"]
    body = response.get_json()
    assert body["hasMoreBefore"] is True and body["hasMoreAfter"] is True and body["hasMore"] is True


def test_at_either_end_of_the_history_nothing_more_lies_that_way(numbered):
    _, member, _, channel, ids = numbered
    first = around(member, channel, ids[0], limit=6)
    assert contents(first) == ["номер 0", "номер 1", "номер 2"]
    assert first.get_json()["hasMoreBefore"] is False and first.get_json()["hasMoreAfter"] is True
    last = around(member, channel, ids[9], limit=6)
    assert contents(last) == ["номер 6", "номер 7", "номер 8", "номер 9"]
    assert last.get_json()["hasMoreBefore"] is True and last.get_json()["hasMoreAfter"] is False
    whole = around(member, channel, ids[4])  # the default 50 holds everything
    assert len(contents(whole)) == 10
    assert whole.get_json()["hasMoreBefore"] is False and whole.get_json()["hasMoreAfter"] is False


def test_the_window_goes_on_with_the_before_and_after_pages(numbered):
    _, member, _, channel, ids = numbered
    window = around(member, channel, ids[5], limit=4).get_json()["messages"]
    assert [m["content"] for m in window] == ["номер 3", "номер 4", "номер 5", "номер 6"]
    older = member.get(f"/api/messages/{channel}/messages", query_string={"before": window[0]["id"], "limit": 2})
    newer = member.get(f"/api/messages/{channel}/messages", query_string={"after": window[-1]["id"], "limit": 2})
    assert contents(older) == ["номер 1", "номер 2"] and contents(newer) == ["номер 7", "номер 8"]


def test_a_message_far_beyond_two_thousand_newer_ones_is_reached_at_once(chat, in_database):
    owner, member, _, channel = chat
    old = send(owner, channel, "старое сообщение")
    in_database(lambda session: session.execute(insert(Message), [
        {"channel_id": channel, "author_id": owner.id, "content": f"поток {n}"} for n in range(2100)]))
    response = around(member, channel, old["id"])
    assert contents(response)[0] == "старое сообщение"  # nothing before it
    body = response.get_json()
    assert len(body["messages"]) == 25 and body["hasMoreBefore"] is False and body["hasMoreAfter"] is True
    assert body["messages"][0]["author"]["username"] == "owner" and body["messages"][0]["reactions"] == []


def test_a_window_carries_the_messages_whole(numbered):
    owner, member, _, channel, ids = numbered
    assert owner.post(f"/api/messages/{ids[5]}/reactions", json={"emoji": "👍"}).status_code == 200
    [message] = [m for m in around(member, channel, ids[5], limit=3).get_json()["messages"] if m["id"] == ids[5]]
    assert message["reactions"] == [{"emoji": "👍", "count": 1, "users": [owner.id]}]


def test_a_deleted_message_or_another_channels_is_not_found(cast):
    owner, member, _, _, (general, game) = cast
    gone = send(owner, general, "удалю")
    elsewhere = send(owner, game, "в другом канале")
    assert owner.delete(f"/api/messages/{gone['id']}").status_code == 200
    assert error_of(around(member, general, gone["id"])) == (404, "MESSAGE_NOT_FOUND", "Сообщение не найдено")
    assert error_of(around(member, general, elsewhere["id"])) == (404, "MESSAGE_NOT_FOUND", "Сообщение не найдено")
    assert error_of(around(member, general, 999999))[:2] == (404, "MESSAGE_NOT_FOUND")


@pytest.mark.parametrize("extra", [{"before": 1}, {"after": 1}])
def test_around_goes_alone(numbered, extra):
    _, member, _, channel, ids = numbered
    assert error_of(around(member, channel, ids[5], **extra)) == (
        400, "BAD_REQUEST", "Параметр around нельзя сочетать с before или after")


def test_an_anchor_that_is_not_a_number_is_a_400(numbered):
    _, member, _, channel, _ = numbered
    assert error_of(around(member, channel, "x"))[:2] == (400, "BAD_REQUEST")


def test_outsiders_and_anonymous_callers_read_no_window(numbered, people):
    _, _, outsider, channel, ids = numbered
    assert error_of(around(outsider, channel, ids[5])) == (404, "CHANNEL_NOT_FOUND", "Канал не найден")
    assert error_of(around(people("anonymous"), channel, ids[5]))[:2] == (401, "UNAUTHORIZED")


def test_a_dm_window_is_for_its_two_people_only(people):
    alice, bob, mallory = people("alice"), people("bob"), people("mallory")
    befriend(alice, bob)
    dm = open_dm(alice, bob)["id"]
    said = send(alice, dm, "между нами")
    assert contents(around(bob, dm, said["id"])) == ["между нами"]
    assert error_of(around(mallory, dm, said["id"])) == (404, "CHANNEL_NOT_FOUND", "Канал не найден")
