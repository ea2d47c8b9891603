"""Redis away and back (production mode's live fan-out, rate limits and presence): the API keeps
answering, and when Redis returns every open socket is checked again and told to catch up."""
import pytest
from sqlalchemy import delete

from lobby.extensions import db
from tests.realtime.conftest import joined
from tests.support import ThrowawayRedis


@pytest.fixture
def redis_server(tmp_path):
    server = ThrowawayRedis(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def app(make_app, _migrated, redis_server):
    """The suite's app on a Redis of this test's own (`redis_server`), which it stops and restarts;
    the tables emptied afterwards, as the suite's `app` does."""
    made = make_app(REDIS_URL=redis_server.url)
    yield made
    made.extensions["lobby.presence"].close()  # nothing told after the tables are emptied
    with made.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(delete(table))
        db.session.commit()


def send(person, channel_id: int, content: str):
    return person.post(f"/api/messages/{channel_id}/messages", json={"content": content})


def test_messages_are_kept_while_redis_is_away_and_sockets_catch_up_when_it_returns(client, community, connect,
                                                                                    redis_server):
    bob = joined(connect(community.bob), community.channel)
    redis_server.stop()
    sent = send(community.alice, community.channel, "пока Redis нет")
    assert sent.status_code == 201, sent.get_json()
    health = client.get("/healthz")
    assert health.status_code == 503 and health.get_json()["redis"] == "unreachable"
    redis_server.start()
    bob.expect("resync", timeout=10, skip={"ping", "user_status", "channel_activity", "new_message"})
    missed = community.bob.get(f"/api/messages/{community.channel}/messages")  # what a client reloads on resync
    assert missed.status_code == 200, missed.get_json()
    assert [m["content"] for m in missed.get_json()["messages"]] == ["пока Redis нет"]
    after = send(community.alice, community.channel, "Redis вернулся").get_json()["message"]
    bob.expect("new_message", id=after["id"], skip={"ping", "user_status", "channel_activity", "new_message"})
    assert client.get("/healthz").status_code == 200


def test_a_member_kicked_while_redis_was_away_hears_the_server_no_more_once_it_returns(community, connect, redis_server):
    alice = joined(connect(community.alice), community.channel)
    redis_server.stop()
    kicked = community.owner.post(f"/api/servers/{community.server['id']}/moderation/kick",
                                  json={"userId": community.alice.id, "reason": "проверка"})
    assert kicked.status_code == 200, kicked.get_json()
    redis_server.start()
    alice.expect("resync", timeout=10)
    later = send(community.owner, community.channel, "без Алисы").get_json()["message"]
    assert [f for f in alice.frames_within(1.0) if f["type"] in ("new_message", "channel_activity")
            and (f["data"].get("id") == later["id"] or f["data"].get("messageId") == later["id"])] == []


def test_signing_in_works_while_redis_is_away(client, people, redis_server):
    people("alice")  # registered, verified
    redis_server.stop()
    response = client.post("/api/auth/login", json={"email": "alice@example.com", "password": "password-123"})
    assert response.status_code == 200, response.get_json()
