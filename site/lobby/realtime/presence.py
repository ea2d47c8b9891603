"""Presence: online while a user has an open socket, told only to the people who share a server
with them (friends join them later), never to everyone — and in large servers not pushed at all
(`people_who_see`): their member lists read statuses when they load.

Counting sockets. Each process counts its own sockets per user in memory. Embedded mode has one
process, so that count is the whole truth. Production runs several processes (gunicorn workers,
hosts) and one user's tabs may sit on different ones, so each process also tells Redis which
users it holds, and a user goes offline only when no live process holds them
(`presence_redis.py`: per-process hashes, a heartbeat, and a reaper for processes that die
without closing their sockets — a plain shared counter would leak on every SIGKILL and keep
people "online" forever). The status a user chose (idle, dnd, invisible) is kept in memory
(embedded) or in one Redis hash (production), so it survives a reconnect.

Offline after a grace. When a socket closes, its count drops only after PRESENCE_GRACE_SECONDS
(5 s); a reconnect within the grace counts up first, the count never reaches zero, nobody sees a
flap.

Who may see whose presence, one rule wherever a status shows (`user_status` frames, member lists,
the DM list, the users search, the friends page): B sees A's status when A is not invisible, A's
`onlineStatus` lets B (everyone; friends: B is a friend; none: nobody), and A has not blocked B.
To someone A blocked, A is offline with no custom status, everywhere (`withheld_from`,
`withheld_by`); A's own view of them is unchanged. `visible_statuses` is the rule for a list,
`_announce` for the frames.
"""
from __future__ import annotations

import atexit
import logging
import threading

from sqlalchemy import exists, select
from sqlalchemy.orm import aliased

from lobby.extensions import db
from lobby.realtime.bus import Recipients, publish
from lobby.realtime.herald import Herald
from lobby.realtime.presence_redis import MemoryPresenceStore, RedisPresenceStore

log = logging.getLogger(__name__)

STATUSES = ("online", "idle", "dnd", "invisible")


def people_who_see(user_id: int, large: int) -> set[int]:
    """Everyone who shares a server of at most `large` members with the user, and the user (their
    other tabs). In a larger server every arrival told to every member would be members² frames
    (5,000 members: 25 million as they all come online), so there, as in other chat apps' large
    communities, statuses are read with the member list instead of pushed."""
    from lobby.servers.models import Membership

    other = aliased(Membership)
    # "More than `large` members" without counting them all: is there a member past the first `large`?
    crowded = select(other.id).where(other.server_id == Membership.server_id).offset(large).limit(1)
    small = select(Membership.server_id).where(Membership.user_id == user_id, ~exists(crowded))
    found = db.session.scalars(select(Membership.user_id).where(Membership.server_id.in_(small)).distinct())
    return set(found) | {user_id}


def withheld_from(viewer: int) -> set[int]:
    """The people whose presence `viewer` may not see, whatever their settings: those who blocked
    the viewer (to the viewer: offline, no custom status). One indexed read."""
    from lobby.friends.relations import blocker_ids_of  # (friends know blocks; presence asks them)

    return blocker_ids_of(viewer)


def withheld_by(user_id: int) -> set[int]:
    """The other side of `withheld_from`: the people who may not see the user's presence (those
    the user blocked)."""
    from lobby.friends.relations import blocked_ids_of

    return blocked_ids_of(user_id)


class Presence:
    def __init__(self, app, store) -> None:
        self.app = app
        self.store = store
        self._local: dict[int, int] = {}  # user id → open sockets in this process (after grace)
        # Held across the store call too: one user's arrival and departure in this process must
        # reach Redis in the order they happened.
        self._lock = threading.Lock()
        self._heartbeat: threading.Thread | None = None
        self._timers: set[threading.Timer] = set()
        self._closed = False
        self.herald = Herald()  # arrivals and departures are told in order, off the socket's path

    def close(self) -> None:
        """The app is going away (a test's app at its end): departures still waiting out their
        grace are dropped, and none is settled after this, so no status change of this app's
        users is written into a database another app now uses."""
        self._closed = True
        self.herald.close()
        atexit.unregister(self._quietly)  # its Redis may be long gone when the interpreter exits
        with self._lock:
            timers, self._timers = self._timers, set()
        for timer in timers:
            timer.cancel()

    def connected(self, user_id: int) -> None:
        self.connected_many([user_id])

    def connected_many(self, user_ids: list[int], statuses: dict[int, str] | None = None) -> None:
        """Sockets opened in this process, a user id for each: one store round trip for all. The
        users who were online nowhere before are announced by the herald, with the status they
        arrive in (`statuses`, else the store's now): a status chosen a moment later is told after."""
        newcomers: list[int] = []
        with self._lock:
            for user_id in user_ids:
                self._local[user_id] = self._local.get(user_id, 0) + 1
                if self._local[user_id] == 1:
                    newcomers.append(user_id)
            held_elsewhere = self.store.arrive_many(newcomers) if newcomers else set()
        self._start_heartbeat()
        for user_id in newcomers:
            if user_id not in held_elsewhere:
                status = (statuses or {}).get(user_id) or self.store.status(user_id) or "online"
                self.herald.tell(self._announce_arrival, user_id, status)

    def disconnected(self, user_id: int) -> None:
        grace = float(self.app.config["PRESENCE_GRACE_SECONDS"])
        if grace <= 0:
            self._settle(user_id)
            return
        if self._closed:
            return
        timer = threading.Timer(grace, self._quietly, args=(self._settle_later, user_id))
        timer.daemon = True
        with self._lock:
            self._timers.add(timer)
        timer.start()

    def _settle_later(self, user_id: int) -> None:
        with self._lock:
            self._timers.discard(threading.current_thread())  # the Timer runs its function in itself
        if not self._closed:
            self._settle(user_id)

    def set_status(self, user_id: int, status: str, custom_status: str | None = None) -> None:
        self.store.set_status(user_id, status)
        self.herald.tell(self._announce, user_id, status, custom_status)

    def remember(self, user_id: int, status: str, audience: str) -> None:
        """What the user's settings say (status, who may see them online), copied into the store
        before their socket counts: the settings are the lasting record, the store a copy that an
        embedded restart or a Redis flush loses."""
        self.remember_many({user_id: (status, audience)})

    def remember_many(self, choices: dict[int, tuple[str, str]]) -> None:
        """`remember` for each {user id: (status, audience)}: one store round trip."""
        self.store.remember_many(choices)

    def choose(self, user_id: int, status: str, custom_status: str | None, audience: str) -> None:
        """The user changed their status, custom status or `onlineStatus` in their settings. Told
        to others only while the user is online; otherwise only friends learn the custom status
        (their lists show it under "offline"), and the rest waits for the user's next socket."""
        self.remember(user_id, status, audience)
        self.herald.tell(self._announce_choice, user_id, status, custom_status)

    def _announce_choice(self, user_id: int, status: str, custom_status: str | None) -> None:
        if self.store.lookup([user_id]):
            self._announce(user_id, status, custom_status)
            return
        with self.app.app_context():
            from lobby.friends.status import notify_friends

            notify_friends(user_id, "offline", custom_status)

    def visible_statuses(self, user_ids, viewer: int | None = None) -> dict[int, str]:
        """Who of these users `viewer` sees online, and how: {user id: online|idle|dnd}. Offline and
        invisible users are left out, and so are those whose `onlineStatus` is `none`, those
        whose `onlineStatus` is `friends` unless the viewer is their friend (no viewer: nobody is),
        and those who blocked the viewer (the module's rule). One store round trip for the whole
        list; one query more when someone in it is online to a viewer, one more when someone online
        in it shows themselves to friends alone."""
        found = self.store.lookup_shown(sorted(set(user_ids)))
        shown = {user_id: status for user_id, (status, audience) in found.items()
                 if status != "invisible" and audience != "none"}
        guarded = [user_id for user_id in shown if found[user_id][1] == "friends" and user_id != viewer]
        if guarded:
            allowed = friends_among(viewer, guarded) if viewer is not None else set()
            for user_id in guarded:
                if user_id not in allowed:
                    del shown[user_id]
        if viewer is not None and shown:
            for user_id in withheld_from(viewer) & shown.keys():
                del shown[user_id]
        return shown

    def show_to(self, user_id: int, viewer: int, custom_status: str) -> None:
        """Tell `viewer` the user's presence as the rule now lets them see it: a block given (offline,
        no custom status) or lifted (the status they may see, `custom_status`). Told in turn with
        the user's announcements, so none told before it can overtake it."""
        self.herald.tell(self._show_to, user_id, viewer, custom_status)

    def _show_to(self, user_id: int, viewer: int, custom_status: str) -> None:
        with self.app.app_context():  # the herald's thread: no request around it
            status = self.visible_statuses([user_id], viewer).get(user_id)
            custom = custom_status if user_id not in withheld_from(viewer) else ""
            publish({"type": "user_status", "data": {"userId": user_id, "status": status or "offline",
                                                      "customStatus": custom}}, Recipients.of(users=[viewer]))

    def beat(self) -> None:
        """One heartbeat (production): stay alive in Redis, and reap processes that died."""
        with self._lock:
            reaped_me = self.store.refresh(list(self._local))
            mine = list(self._local)
        if reaped_me:  # others were told these users left (or Redis came back empty): undo it
            self.herald.tell(self._restore, mine)
        for user_id in self.store.reap():
            self.herald.tell(self._announce_offline, user_id)

    def _settle(self, user_id: int) -> None:
        with self._lock:
            left = self._local.get(user_id, 0) - 1
            if left > 0:
                self._local[user_id] = left
                return
            self._local.pop(user_id, None)
            gone = not self.store.depart(user_id)
        if gone:
            self.herald.tell(self._announce_offline, user_id)

    def _restore(self, user_ids: list[int]) -> None:
        """This process's users back in the store: their chosen statuses from their settings (a
        Redis that restarted empty lost them), then their arrivals told again."""
        from lobby.settings.presence import presence_choices  # (settings know presence, not the reverse)

        with self.app.app_context():
            try:
                self.remember_many(presence_choices(user_ids))
            finally:
                db.session.remove()
        for user_id in user_ids:
            self._quietly(self._announce_arrival, user_id)

    def _announce_offline(self, user_id: int) -> None:
        if self.store.status(user_id) != "invisible":  # an invisible user already reads offline
            self._announce(user_id, "offline")

    def _announce_arrival(self, user_id: int, status: str | None = None) -> None:
        status = status or self.store.status(user_id) or "online"
        if status != "invisible":
            self._announce(user_id, status)

    def _announce(self, user_id: int, status: str, custom_status: str | None = None) -> None:
        audience = self.store.audience(user_id)  # the user's `onlineStatus` setting
        shown = "invisible" if audience == "none" else status
        data = {"userId": user_id, "status": "offline" if shown == "invisible" else shown}
        if custom_status is not None:
            data["customStatus"] = custom_status
        # A fresh app context: this also runs on timer and heartbeat threads, outside any request.
        with self.app.app_context():
            from lobby.friends.relations import friend_ids_of
            from lobby.friends.status import notify_friends  # (friends know presence, not the reverse)

            # Those the user blocked hear nothing: they were told "offline" at the block (`show_to`).
            seers = people_who_see(user_id, int(self.app.config["PRESENCE_LARGE_SERVER"])) - withheld_by(user_id)
            if audience == "friends" and data["status"] != "offline":
                # Friends (and the user's own tabs) hear the status; everyone else hears offline,
                # which also corrects those who saw them online before the setting changed.
                close = seers & ({user_id} | set(friend_ids_of(user_id)))
                if seers - close:
                    publish({"type": "user_status", "data": {**data, "status": "offline"}},
                            Recipients.of(users=seers - close))
                seers = close
            publish({"type": "user_status", "data": data}, Recipients.of(users=seers))
            notify_friends(user_id, shown, custom_status)

    def _start_heartbeat(self) -> None:
        if not self.store.shared or self._heartbeat is not None:
            return
        with self._lock:
            if self._heartbeat is None:
                self._heartbeat = threading.Thread(target=self._beat_forever, name="lobby-presence", daemon=True)
                self._heartbeat.start()
                atexit.register(self._quietly, self.store.leave)

    def _beat_forever(self) -> None:
        stop = threading.Event()  # never set: the loop lives as long as the process, or its app
        while not stop.wait(float(self.app.config["PRESENCE_HEARTBEAT_SECONDS"])):
            if self._closed:
                return
            self._quietly(self.beat)

    @staticmethod
    def _quietly(action, *args) -> None:
        try:
            action(*args)
        except Exception:  # on a timer or heartbeat thread nobody else would see it
            log.exception("presence: %s failed", getattr(action, "__name__", action))


def friends_among(viewer: int, user_ids: list[int]) -> set[int]:
    """Which of these users are the viewer's friends: one indexed query."""
    from lobby.friends.models import Friendship

    return set(db.session.scalars(select(Friendship.friend_id).where(Friendship.user_id == viewer,
                                                                     Friendship.friend_id.in_(user_ids))))


def presence_for(app) -> Presence:
    config = app.config
    if config.get("REDIS_URL"):
        store = RedisPresenceStore(config["REDIS_URL"], config["REDIS_PREFIX"], float(config["PRESENCE_HEARTBEAT_SECONDS"]))
    else:
        store = MemoryPresenceStore()
    return Presence(app, store)
