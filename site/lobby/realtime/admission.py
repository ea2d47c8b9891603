"""Admitting live sockets in rounds.

A socket's admission checks its token's session, copies the user's chosen status into presence,
reads the channels it watches, registers it with its `connected` greeting and counts it in
presence. One socket at a time that was eight round trips and about 10 ms of CPU: ~110 sockets a
second over two workers, so a reconnect storm (a deploy sends every client back at once) took
most of a minute. Here the sockets that arrive together are admitted together, as the bus
publishes (`publisher.py`): the first to arrive admits every socket waiting when it starts, round
after round, until none waits, while the others wait for their round. A round costs two
statements and two Redis round trips however many sockets it holds; the arrivals it makes are
told to others afterwards, off the handshake's path (`herald.py`).
"""
from __future__ import annotations

import logging

from sqlalchemy import bindparam, select

from lobby.accounts.models import SignIn, User
from lobby.accounts.tokens import session_users, stands
from lobby.database import AmongIds, utcnow
from lobby.extensions import db
from lobby.friends.models import Privacy
from lobby.realtime.bus import Recipients
from lobby.people.person import public_person
from lobby.realtime.connection import CLOSE_UNAUTHORIZED, Connection, SocketUser, encode, wire
from lobby.realtime.rounds import Item, Rounds
from lobby.realtime.watch import readable_channels_of, register_watching
from lobby.settings.models import UserSettings
from lobby.settings.presence import presence_choice

log = logging.getLogger(__name__)

RECHECK_BATCH = 1000  # sockets checked again per statement after the bus was away

# A round's sockets: each one's user, while the sign-in its token names stands (`tokens.stands`
# checks the rest), with what presence needs of their settings.
ADMISSION = (select(User.id, User.username, User.session_version, User.is_deactivated, SignIn.id,
                    UserSettings.document, Privacy.online_status, User.display_name, User.first_name, User.last_name,
                    User.profile_image_url)
             .join(SignIn, SignIn.user_id == User.id)
             .outerjoin(UserSettings, UserSettings.user_id == User.id)
             .outerjoin(Privacy, Privacy.user_id == User.id)
             .where(AmongIds(SignIn.id, "sign_ins"), SignIn.ended_at.is_(None), SignIn.expires_at > bindparam("now")))


def socket_user(row) -> SocketUser:
    """An ADMISSION row's user, with the public person their frames name them by (lobby.people)."""
    user_id, username, version, deactivated, _, _, _, chosen, first_name, last_name, picture = row
    return SocketUser(user_id, username, version, not deactivated,
                      public_person(user_id, username, chosen, first_name, last_name, picture))


class _Waiting(Item):
    __slots__ = ("conn", "admitted")

    def __init__(self, conn: Connection) -> None:
        super().__init__()
        self.conn = conn
        self.admitted: bool | None = None  # None: its round failed (the database is away)


class Gate:
    """This process's admissions (one per app: `app.extensions["lobby.gate"]`)."""

    def __init__(self, app) -> None:
        self.app = app
        self._rounds: Rounds[_Waiting] = Rounds(self._round)

    def admit(self, conn: Connection) -> bool | None:
        """Admit a socket opened with `conn.claims`: True once it is registered and counted
        (`conn.user` set), False if its session no longer stands, None if its round failed."""
        return self._rounds.take(_Waiting(conn)).admitted

    def _round(self, current: list[_Waiting]) -> None:
        hub = self.app.extensions["lobby.hub"]
        try:
            choices = self._check_sessions(current)
            admitted = [waiting.conn for waiting in current if waiting.admitted]
            # Read before the channels are: a revocation after it makes `hub.register` refuse.
            marks = {user_id: hub.revocation_mark(user_id) for user_id in choices}
            watched = readable_channels_of(sorted(choices)) if choices else {}
        except Exception:  # the database is away: each waiting socket is asked to come back
            log.exception("live sockets not admitted: the database did not answer")
            for waiting in current:
                waiting.admitted = None
            return
        finally:
            db.session.remove()
        try:
            if admitted:
                self._register(admitted, choices, marks, watched)
        except Exception:  # a bug, not a blip: those sockets are closed rather than left half-made
            log.exception("live sockets not registered")
            for waiting in current:
                waiting.admitted = None if waiting.admitted else waiting.admitted

    def _check_sessions(self, current: list[_Waiting]) -> dict[int, tuple[str, str]]:
        """Each socket's session, with its user's presence choices, in one statement: sets
        `admitted` and `conn.user`; returns {user id: (status, onlineStatus)} of those admitted."""
        sign_ins = sorted({w.conn.claims.sign_in_id for w in current if w.conn.claims.sign_in_id is not None})
        rows = db.session.execute(ADMISSION, {"sign_ins": sign_ins, "now": utcnow()}).all() if sign_ins else []
        by_sign_in = {row[4]: (socket_user(row), row[5], row[6]) for row in rows}
        choices = {}
        for waiting in current:
            claim = waiting.conn.claims
            user, document, online_status = by_sign_in.get(claim.sign_in_id, (None,) * 3)
            waiting.admitted = stands(claim, user)
            if waiting.admitted:
                waiting.conn.user = user
                choices[user.id] = presence_choice(document, online_status)
        return choices

    def _register(self, conns: list[Connection], choices: dict[int, tuple[str, str]], marks: dict[int, int],
                  watched: dict[int, dict[int, int | None]]) -> None:
        """Greetings, watched channels and presence for the admitted sockets. Presence is a nicety:
        without Redis the sockets still open (as their chosen status, counted once Redis is back)."""
        hub, presence = self.app.extensions["lobby.hub"], self.app.extensions["lobby.presence"]
        try:
            presence.remember_many(choices)
        except Exception:
            log.exception("presence choices not copied for %s sockets", len(conns))
        for conn in conns:
            greeting = wire(encode({"type": "connected", "data": {
                "userId": conn.user_id, "username": conn.user.username, "status": choices[conn.user_id][0]}}))
            if not hub.register(conn, greeting, watched[conn.user_id], marks[conn.user_id]):
                register_watching(hub, conn, greeting)  # lost channels meanwhile: read again, alone
        try:
            presence.connected_many([conn.user_id for conn in conns],
                                    {user_id: status for user_id, (status, _) in choices.items()})
        except Exception:
            log.exception("presence not counted for %s sockets", len(conns))
        self._seat(conns)

    def _seat(self, conns: list[Connection]) -> None:
        """Count the sockets among their people's seats; a person past the cap loses their oldest
        (closed by whichever process holds it). Redis away: not counted until the next arrival."""
        try:
            closing = self.app.extensions["lobby.seats"].take([(conn.user_id, conn.socket_id) for conn in conns])
        except Exception:
            log.exception("socket seats not counted for %s sockets", len(conns))
            return
        for user_id, socket_ids in closing.items():
            log.info("user %s is over the socket cap: closing %s of their sockets", user_id, len(socket_ids))
            self.app.extensions["lobby.bus"].publish({"type": "sockets_closed", "data": {"socketIds": socket_ids}},
                                                     Recipients.of(users=[user_id]))

    def recheck(self) -> None:
        """After the bus lost events (Redis was away; `RedisBus.on_recovered`): every socket of this
        process is checked as at its admission, for what it may have missed being told — its
        session (ended meanwhile: closed, 4001) and the channels it watches (read again) — then
        hears `resync` and catches up over HTTP as after a reconnect."""
        hub = self.app.extensions["lobby.hub"]
        conns = hub.all_connections()
        resync = wire(encode({"type": "resync", "data": {}}))
        for start in range(0, len(conns), RECHECK_BATCH):
            batch = conns[start:start + RECHECK_BATCH]
            with self.app.app_context():
                try:
                    users = session_users([conn.claims for conn in batch])
                    watched = readable_channels_of(sorted({conn.user_id for conn in batch}))
                finally:
                    db.session.remove()
            for conn, user in zip(batch, users):
                if user is None:
                    conn.end(CLOSE_UNAUTHORIZED, "unauthorized")
                    continue
                hub.rewatch(conn, watched[conn.user_id])
                conn.enqueue(resync)
