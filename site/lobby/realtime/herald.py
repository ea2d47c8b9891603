"""Presence's announcements, told one after another on a thread of their own.

An arrival's announcement reads who may see the user, tells them, and writes the friends' activity
(`Presence._announce`: several statements and publishes). Done on the socket's own path it held
every connect up; here the socket is served at once and its arrival is told a moment later. So
that no "online" can overtake the "offline" of the same user (a tab closed right after it opened),
nor a status the user chose overtake their arrival, arrivals, departures and chosen statuses alike
go through this one queue, in the order they happened.
"""
from __future__ import annotations

import logging
import queue
import threading
from typing import Callable

log = logging.getLogger(__name__)


class Herald:
    def __init__(self) -> None:
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    def tell(self, announcement: Callable, *args) -> None:
        """Run `announcement(*args)` after every announcement told before it."""
        if self._closed:
            return
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="lobby-herald", daemon=True)
                    self._thread.start()
        self._queue.put((announcement, args))

    def close(self) -> None:
        """Tell nothing more (the app is going away): what still waits is dropped, and the one being
        told, if any, is finished before this returns, so nothing is written after it."""
        self._closed = True
        self._queue.put((None, ()))
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            announcement, args = self._queue.get()
            if announcement is None or self._closed:
                return
            try:
                announcement(*args)
            except Exception:  # on this thread nobody else would see it; the next one goes on
                log.exception("presence announcement %s failed", getattr(announcement, "__name__", announcement))
