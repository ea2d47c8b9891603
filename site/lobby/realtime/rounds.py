"""Work that arrives together, done together: the bus's publishes (`publisher.py`) and the live
sockets' admissions (`admission.py`). The first caller does every item waiting when it starts,
round after round, until none waits; the others wait for the round that holds theirs. Under
gevent the callers are greenlets of one worker: while one round is on the wire (a Redis pipeline,
a statement), the next one gathers.
"""
from __future__ import annotations

import threading
from typing import Callable, Generic, TypeVar


class Item:
    """One caller's part of a round. `done` is set once its round is over, or the rounds stopped
    (`stranded` says with what)."""

    __slots__ = ("done",)

    def __init__(self) -> None:
        self.done = threading.Event()

    def stranded(self, error: BaseException) -> None:
        """The rounds stopped before this item's was done."""


T = TypeVar("T", bound=Item)


class Rounds(Generic[T]):
    def __init__(self, do_round: Callable[[list[T]], None]) -> None:
        self._do_round = do_round
        self._lock = threading.Lock()
        self._waiting: list[T] = []
        self._busy = False  # a caller is doing rounds; the others wait for theirs

    def take(self, item: T) -> T:
        """Have `item` done in a round; returns it once that round is over."""
        with self._lock:
            self._waiting.append(item)
            leading, self._busy = not self._busy, True
        if leading:
            self._lead()
        item.done.wait()
        return item

    def _lead(self) -> None:
        """Rounds until nothing waits. Whatever stops them (even a greenlet killed) settles every
        waiting item, so no caller waits for ever."""
        current: list[T] = []
        try:
            while True:
                with self._lock:
                    current, self._waiting = self._waiting, []
                    if not current:
                        self._busy = False
                        return
                self._do_round(current)
                for item in current:
                    item.done.set()
                current = []
        except BaseException as error:
            with self._lock:
                stranded, self._waiting, self._busy = current + self._waiting, [], False
            for item in stranded:
                if not item.done.is_set():
                    item.stranded(error)
                    item.done.set()
            raise
