"""Publishing in rounds (lobby/realtime/publisher.py): concurrent publishes share round trips,
and each caller still learns whether its own event reached Redis."""
import secrets
import socket
import threading
import time

import pytest
from redis import Redis
from redis.exceptions import RedisError

from lobby.realtime.publisher import RoundPublisher


def publish_from_threads(publisher: RoundPublisher, threads: int, each: int) -> list[BaseException]:
    errors: list[BaseException] = []

    def sender(n: int) -> None:
        for i in range(each):
            try:
                publisher.publish(f"{n}:{i}".encode())
            except BaseException as error:  # collected: the test asserts on them
                errors.append(error)

    started = [threading.Thread(target=sender, args=(n,)) for n in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in started), "a publish never returned"
    return errors


def test_concurrent_publishes_all_arrive_once_and_in_each_senders_order(redis_url):
    channel = f"lobby-test:{secrets.token_hex(4)}"
    listener = Redis.from_url(redis_url).pubsub()
    listener.subscribe(channel)
    assert listener.get_message(timeout=5)["type"] == "subscribe"  # listening before anything is sent
    publisher = RoundPublisher(redis_url, channel)
    assert publish_from_threads(publisher, threads=8, each=50) == []
    got, deadline = [], time.monotonic() + 10
    while len(got) < 400 and time.monotonic() < deadline:
        message = listener.get_message(timeout=1)
        if message is not None:
            got.append(message["data"].decode())
    assert sorted(got) == sorted(f"{n}:{i}" for n in range(8) for i in range(50))
    for n in range(8):
        assert [int(m.split(":")[1]) for m in got if m.startswith(f"{n}:")] == list(range(50))
    listener.close()
    publisher.close()


def test_every_caller_of_a_failed_round_gets_the_error_and_none_hangs():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    publisher = RoundPublisher(f"redis://127.0.0.1:{port}/0", "nowhere")
    errors = publish_from_threads(publisher, threads=4, each=3)
    assert len(errors) == 12 and all(isinstance(error, RedisError) for error in errors)
    with pytest.raises(RedisError):
        publisher.publish(b"again")  # still answering, not stuck in a round
