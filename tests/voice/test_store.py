"""The Redis store on its own: atomic seats, and the round trips the contract promises
(`channel_states` of 50 channels and `voiceActive` of a page of servers: one each; a relay: one)."""
from __future__ import annotations

import secrets

import pytest
from redis import Redis
from redis.connection import Connection

from lobby.realtime.bus import RedisBus, Recipients
from lobby.voice.store import FULL, JOINED, MOVED, RESUMED, RETABBED, MemoryVoiceStore, Seat
from lobby.voice.store_redis import RedisVoiceStore


@pytest.fixture(params=["memory", "redis"])
def store(request, redis_url):
    if request.param == "memory":
        yield MemoryVoiceStore()
        return
    prefix = f"lobby-voice-test-{secrets.token_hex(4)}"
    yield RedisVoiceStore(redis_url, prefix)
    client = Redis.from_url(redis_url)
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


def seat(channel: int, session: str = "s", owner: str = "o", server: int | None = 1, peer=None) -> Seat:
    return Seat(channel, server, session, owner, peer)


def person(user_id: int, **changed) -> dict:
    return {"userId": user_id, "username": f"u{user_id}", "muted": False, "deafened": False, "video": False,
            "screen": False, "speaking": False, **changed}


def test_seats_move_resume_and_fill_up(store):
    assert store.take(1, seat(10), person(1), 2).outcome == JOINED
    assert store.take(2, seat(10, "t"), person(2), 2).outcome == JOINED
    assert store.take(3, seat(10, "u"), person(3), 2).outcome == FULL
    assert store.update(1, "o", 10, {"deafened": True}) == person(1, deafened=True, muted=True)
    resumed = store.take(1, seat(10, owner="o2"), person(1), 2)
    assert resumed.outcome == RESUMED and resumed.states[0] == person(1, deafened=True, muted=True)
    assert store.take(1, seat(10, "new", owner="o3"), person(1), 2).outcome == RETABBED
    assert store.update(1, "o2", 10, {"muted": True}) is None  # the old tab owns nothing now
    moved = store.take(1, seat(11, owner="o3", server=2), person(1), 2)
    assert moved.outcome == MOVED and moved.left.channel_id == 10
    assert store.active_servers([1, 2, 3]) == {1, 2}
    assert store.leave(1, owner="o-old") is None and store.leave(1, server_id=1) is None
    assert store.leave(1, owner="o3").channel_id == 11
    assert store.active_servers([1, 2]) == {1}
    assert store.rooms([10, 11]) == {10: (person(2),)}


def test_a_dm_seat_keeps_its_peer(store):
    store.take(4, seat(20, server=None, peer=5), person(4), 8)
    assert store.seat_of(4) == seat(20, server=None, peer=5)
    assert store.leave(4, server_id=1) is None and store.leave(4, channel_id=20) is not None


def round_trips(monkeypatch) -> list:
    sent = []
    original = Connection.send_packed_command

    def counted(self, command, check_health=True):
        sent.append(command)
        return original(self, command, check_health)

    monkeypatch.setattr(Connection, "send_packed_command", counted)
    return sent


def test_states_of_fifty_channels_and_a_page_of_servers_take_one_round_trip_each(redis_url, monkeypatch):
    store = RedisVoiceStore(redis_url, f"lobby-voice-test-{secrets.token_hex(4)}")
    for user_id in range(1, 51):
        store.take(user_id, seat(100 + user_id, server=user_id % 5 + 1), person(user_id), 8)
    store.rooms([1]), store.active_servers([1])  # scripts and connection warmed up
    sent = round_trips(monkeypatch)
    rooms = store.rooms(range(101, 151))
    assert len(sent) == 1 and len(rooms) == 50
    sent.clear()
    assert store.active_servers(range(1, 30)) == {1, 2, 3, 4, 5} and len(sent) == 1


def test_a_relay_checks_both_seats_and_publishes_in_one_round_trip(redis_url, monkeypatch):
    prefix = f"lobby-voice-test-{secrets.token_hex(4)}"
    store, bus = RedisVoiceStore(redis_url, prefix), RedisBus(redis_url, prefix)
    store.take(1, seat(10, owner="a"), person(1), 8)
    store.take(2, seat(10, owner="b"), person(2), 8)
    store.take(3, seat(11, owner="c"), person(3), 8)
    listener = Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(bus.channel)
    event, to = {"type": "rtc_offer", "data": {"channelId": 10}}, Recipients.of(users=[2])
    store.relay(bus, 1, "a", 2, 10, event, to)  # warmed up
    sent = round_trips(monkeypatch)
    assert store.relay(bus, 1, "a", 2, 10, event, to) == 1 and len(sent) == 1
    assert store.relay(bus, 1, "a", 3, 10, event, to) == 0  # elsewhere
    assert store.relay(bus, 1, "x", 2, 10, event, to) == -1  # not the seat's owner
    monkeypatch.undo()
    published = [m for m in (listener.get_message(timeout=0.3) for _ in range(6)) if m is not None]
    assert len(published) == 2  # the warm-up and the one relay that passed
    listener.close()


def test_seats_of_a_dead_process_are_reaped_and_no_others(redis_url):
    """Production: a killed process runs no grace timer. Its presence heartbeat key lapses, and the
    next reap vacates exactly the seats it owned."""
    prefix = f"lobby-voice-test-{secrets.token_hex(4)}"
    client = Redis.from_url(redis_url)
    store = RedisVoiceStore(redis_url, prefix)
    try:
        client.set(f"{prefix}:presence:alive:host:2:bb", "1")  # alive; host:1:aa is not
        store.take(1, seat(10, owner="host:1:aa#1"), person(1), 8)
        store.take(2, seat(10, "t", owner="host:2:bb#1"), person(2), 8)
        store.take(3, seat(11, "u", owner="host:1:aa#2", server=2), person(3), 8)
        reaped = store.reap()
        assert sorted((user, found.channel_id) for user, found in reaped) == [(1, 10), (3, 11)]
        assert store.rooms([10, 11]) == {10: (person(2),)}
        assert store.active_servers([1, 2]) == {1}
        assert store.reap() == []
    finally:
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)


def test_a_mute_by_the_server_holds_against_the_persons_own_switches(store):
    store.take(1, seat(10), person(1, speaking=True), 8)
    assert store.update(1, None, 10, {"serverMuted": True}) == person(1, serverMuted=True, muted=True)  # any owner
    assert store.update(1, "o", 10, {"muted": False, "speaking": True}) == person(1, serverMuted=True, muted=True)
    assert store.update(1, "o", 10, {"serverMuted": False}) == person(1, muted=True, serverMuted=False)  # own mute stays
    assert store.update(1, "o", 10, {"muted": False}) == person(1, serverMuted=False)
    assert store.update(1, None, 11, {"serverMuted": True}) is None  # no seat there


def ringing(store, channel: int, caller: int, seconds: float = 30) -> bool:
    return bool(store.ring(channel, caller, seconds))


def test_a_call_rings_once_until_it_ends_and_its_cooldown_passes(store):
    assert ringing(store, 20, caller=4)
    assert not ringing(store, 20, caller=4) and not ringing(store, 20, caller=5)  # the same call: no second ring
    assert store.decline(20, caller_id=4) and not store.decline(20, caller_id=4)  # once a ring
    store.take(4, seat(20, server=None, peer=5), person(4), 8)
    assert store.call_left(20, cooldown=0.2) is None  # someone still sits there: nothing ended
    store.leave(4)
    assert store.call_left(20, cooldown=30) == "declined"
    assert not ringing(store, 20, caller=4)  # within the cooldown
    assert not store.decline(20, caller_id=4)  # nothing rings after the call ended


def test_an_answered_call_may_ring_again_after_its_cooldown(store):
    import time

    assert ringing(store, 30, caller=4)
    assert not store.decline(30, caller_id=5)  # only the caller's ring can be declined, by the other one
    store.answered(30, caller_id=4)
    assert not store.decline(30, caller_id=4)  # answered: nothing rings
    assert store.call_left(30, cooldown=0.3).startswith("answered:4:")
    ended = time.monotonic()
    assert not ringing(store, 30, caller=5)
    while not ringing(store, 30, caller=5):
        assert time.monotonic() - ended < 5
    assert time.monotonic() - ended >= 0.25


def test_a_ring_is_missed_once_and_only_by_its_own_token(store):
    token = store.ring(40, 4, 30)
    assert token.startswith("4:")
    assert not store.miss(40, "4:1")  # another ring's timer
    assert store.miss(40, token) and not store.miss(40, token)
    assert not store.decline(40, caller_id=4)  # missed: nothing rings any more
    assert store.call_left(40, cooldown=30) == "missed"


def test_an_answered_call_ends_when_one_of_the_two_leaves(store):
    store.take(4, seat(50, server=None, peer=5), person(4), 8)
    store.ring(50, 4, 30)
    store.take(5, seat(50, "t", server=None, peer=4), person(5), 8)
    store.answered(50, caller_id=4)
    store.answered(50, caller_id=5)  # a second tab of the callee: the call keeps its start and its caller
    store.leave(5)
    before = store.call_left(50, cooldown=30)  # one left after an answered call: over
    assert before.startswith("answered:4:")
    store.leave(4)
    assert store.call_left(50, cooldown=30) == "ended"  # the second leave finds it over
