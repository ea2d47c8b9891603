"""Who may call what: every rule of the Flask URL map × every kind of caller, with the status each
must get. The table below is the contract; the test walks the URL map, so a new rule (or method)
without a row fails the suite until someone decides who may call it.

Callers around one server: anonymous, outsider (signed in, never joined), member, moderator,
owner, banned. Around a direct conversation (rows marked `dm`): anonymous, stranger (signed in,
not in it), participant, blocked (in a conversation whose other side blocked them).

Each row names the objects its path is filled from (`ctx`); a row that changes something
(`changes=True`) gets fresh objects after every caller that succeeded, so a later caller is never
judged on what an earlier one did. Bodies are valid, so a caller who may act reaches the action.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlalchemy import select

from lobby.accounts.models import SignIn
from lobby.extensions import db, limiter
from lobby.notifications.models import Notification
from tests.servers.conftest import Cast, cast, cheap_password_hashing, create_server, people, picture, set_role  # noqa: F401

SERVER_CALLERS = ("anonymous", "outsider", "banned", "member", "moderator", "owner")
DM_CALLERS = ("anonymous", "stranger", "blocked", "participant")
DM_PEOPLE = {"anonymous": "anonymous", "stranger": "outsider", "blocked": "bert", "participant": "member"}


@dataclass
class Row:
    method: str
    rule: str
    expect: str  # "anonymous 401 · outsider 403 · …" (or one status for every caller: "all 200")
    ctx: str = "server"
    body: object = None
    query: str = ""
    changes: bool = False
    upload: dict | None = None
    dm: bool = False
    statuses: dict = field(init=False)

    def __post_init__(self):
        callers = DM_CALLERS if self.dm else SERVER_CALLERS
        words = self.expect.replace("·", " ").split()
        pairs = dict(zip(words[::2], map(int, words[1::2])))
        if "all" in pairs:
            pairs = {caller: pairs.get(caller, pairs["all"]) for caller in callers}
        assert set(pairs) == set(callers), f"{self.method} {self.rule}: callers {sorted(pairs)}"
        self.statuses = pairs


def signed_in(ok: int, anonymous: int = 401) -> str:
    """Anyone signed in gets `ok`; nobody else."""
    return f"all {ok} anonymous {anonymous}"


STAFF_ONLY = "anonymous 401 outsider 403 banned 403 member 403 moderator 200 owner 200"
OWNER_ONLY = "anonymous 401 outsider 403 banned 403 member 403 moderator 403 owner 200"
MEMBERS = "anonymous 401 outsider 403 banned 403 member 200 moderator 200 owner 200"
IN_CHANNEL = "anonymous 401 outsider 404 banned 404 member 200 moderator 200 owner 200"  # a channel not yours is not there
PAGE = "all 200 anonymous 302"
PUBLIC = "all 200"

ROWS = [
    # The account: the caller's own, nothing of anyone else's.
    Row("DELETE", "/api/account", signed_in(403), ctx="none", body={"currentPassword": "wrong-password"}),
    Row("POST", "/api/account/email", signed_in(403), ctx="none",
        body={"email": "new@example.com", "currentPassword": "wrong-password"}),
    Row("POST", "/api/account/email/confirm", signed_in(400), ctx="none", body={"code": "123456"}),
    Row("POST", "/api/account/email/resend", signed_in(409), ctx="none"),
    Row("POST", "/api/account/password", signed_in(403), ctx="none",
        body={"currentPassword": "wrong-password", "newPassword": "another-password-1"}),
    Row("GET", "/api/account/sessions", signed_in(200), ctx="none"),
    Row("DELETE", "/api/account/sessions/<int:sign_in_id>", "anonymous 401 all 404 member 200", ctx="member_sign_in", changes=True),
    Row("DELETE", "/api/account/sessions/others", signed_in(200), ctx="none"),
    # Signing in and out: open to all; no caller's sign-in is a key to anything here.
    Row("GET", "/api/auth/check-availability", PUBLIC, ctx="none", query="username=free_name"),
    Row("POST", "/api/auth/forgot-password", "all 200", ctx="none", body={"email": "nobody@example.com"}),
    Row("POST", "/api/auth/login", "all 401", ctx="none", body={"username": "nobody", "password": "wrong-password"}),
    Row("GET", "/api/auth/me", signed_in(200), ctx="none"),
    Row("POST", "/api/auth/refresh", signed_in(200), ctx="none"),  # the refresh cookie, not the bearer
    Row("POST", "/api/auth/register", "all 422", ctx="none", body={"username": "x"}),
    Row("POST", "/api/auth/reset-password", "all 400", ctx="none", body={"token": "nothing", "password": "new-password-1"}),
    Row("POST", "/api/auth/verify-email-code", "all 400", ctx="none", body={"email": "nobody@example.com", "code": "123456"}),
    Row("POST", "/api/auth/verify-email-resend", "all 400", ctx="none", body={"email": "nobody@example.com"}),
    # Messages in a server's channel: its members; edits by the author only, deletion by staff too.
    Row("GET", "/api/messages/<int:channel_id>/messages", IN_CHANNEL),
    Row("POST", "/api/messages/<int:channel_id>/messages", IN_CHANNEL.replace("200", "201"), body={"content": "привет"}),
    Row("PATCH", "/api/messages/<int:message_id>", "anonymous 401 outsider 404 banned 404 member 200 moderator 403 owner 403",
        ctx="message", body={"content": "исправлено"}),
    Row("DELETE", "/api/messages/<int:message_id>", IN_CHANNEL, ctx="message", changes=True),
    Row("POST", "/api/messages/<int:message_id>/reactions", IN_CHANNEL, ctx="message", body={"emoji": "👍"}),
    Row("DELETE", "/api/messages/<int:message_id>/reactions/<path:emoji>", IN_CHANNEL, ctx="message"),
    Row("POST", "/api/messages/<int:message_id>/report", "anonymous 401 outsider 404 banned 404 member 400 moderator 201 owner 201",
        ctx="message", body={"reason": "спам и оскорбления"}, changes=True),
    Row("GET", "/api/messages/search", signed_in(200), ctx="none", query="q=привет"),
    Row("POST", "/api/channels/<int:channel_id>/read", IN_CHANNEL, ctx="message", body="read"),
    Row("GET", "/api/attachments/<int:attachment_id>/<filename>", IN_CHANNEL, ctx="attachment"),
    # The same calls in a direct conversation: its two people; a block stops writing, not reading.
    Row("GET", "/api/messages/<int:channel_id>/messages", "anonymous 401 stranger 404 blocked 200 participant 200", ctx="dm", dm=True),
    Row("POST", "/api/messages/<int:channel_id>/messages", "anonymous 401 stranger 404 blocked 403 participant 201",
        ctx="dm", dm=True, body={"content": "привет"}),
    Row("PATCH", "/api/messages/<int:message_id>", "anonymous 401 stranger 404 blocked 403 participant 200",
        ctx="dm_message", dm=True, body={"content": "исправлено"}),
    Row("DELETE", "/api/messages/<int:message_id>", "anonymous 401 stranger 404 blocked 200 participant 200",
        ctx="dm_message", dm=True),
    Row("POST", "/api/messages/<int:message_id>/reactions", "anonymous 401 stranger 404 blocked 403 participant 200",
        ctx="dm_message", dm=True, body={"emoji": "👍"}),
    Row("DELETE", "/api/messages/<int:message_id>/reactions/<path:emoji>", "anonymous 401 stranger 404 blocked 200 participant 200",
        ctx="dm_message", dm=True),
    # Reports go to a server's moderators: a conversation has none.
    Row("POST", "/api/messages/<int:message_id>/report", "anonymous 401 stranger 404 blocked 403 participant 403",
        ctx="dm_message", dm=True,
        body={"reason": "спам и оскорбления"}),
    Row("POST", "/api/channels/<int:channel_id>/read", "anonymous 401 stranger 404 blocked 200 participant 200", ctx="dm", dm=True,
        body="read"),
    Row("GET", "/api/dms", signed_in(200), ctx="none"),
    # Zoe takes direct messages from friends only (the default), and nobody here is her friend.
    Row("POST", "/api/dms", "all 403 anonymous 401", ctx="zoe", body="zoe"),
    # Friends: each caller's own relations; a request is seen only by its two people.
    Row("GET", "/api/friends", signed_in(200), ctx="none"),
    Row("GET", "/api/friends/activity", signed_in(200), ctx="none"),
    Row("POST", "/api/friends/request", "all 201 anonymous 401", ctx="zoe", body="zoe_name", changes=True),
    Row("DELETE", "/api/friends/<int:user_id>", "all 404 anonymous 401", ctx="zoe"),
    Row("POST", "/api/friends/<int:user_id>/block", "all 200 anonymous 401", ctx="zoe", changes=True),
    Row("POST", "/api/friends/<int:user_id>/unblock", "all 200 anonymous 401", ctx="zoe"),
    Row("DELETE", "/api/friends/requests/<int:request_id>", "anonymous 401 all 404 member 200", ctx="outgoing_request", changes=True),
    Row("POST", "/api/friends/requests/<int:request_id>/accept", "anonymous 401 all 404 member 200", ctx="incoming_request", changes=True),
    Row("POST", "/api/friends/requests/<int:request_id>/decline", "anonymous 401 all 404 member 200", ctx="incoming_request", changes=True),
    # Notifications: the reader's own.
    Row("GET", "/api/notifications", signed_in(200), ctx="none"),
    Row("POST", "/api/notifications/<int:notification_id>/read", "anonymous 401 all 404 member 200", ctx="notification"),
    Row("POST", "/api/notifications/read-all", signed_in(200), ctx="none"),
    # Per-server notification settings: each member's own; anyone else's server is not theirs to set.
    Row("GET", "/api/notifications/servers", signed_in(200), ctx="none"),
    Row("GET", "/api/notifications/servers/<int:server_id>", MEMBERS),
    Row("PUT", "/api/notifications/servers/<int:server_id>", MEMBERS, body={"level": "nothing", "mute": "1h"},
        changes=True),
    Row("GET", "/api/unread", signed_in(200), ctx="none"),
    # Servers.
    Row("GET", "/api/servers", signed_in(200), ctx="none"),
    Row("POST", "/api/servers", "all 201 anonymous 401", ctx="none", body={"name": "Ещё сервер", "template": "gaming"}),
    Row("GET", "/api/servers/<int:server_id>", signed_in(200)),  # a public server's card
    Row("PATCH", "/api/servers/<int:server_id>", OWNER_ONLY, body={"description": "Новое описание"}),
    Row("PUT", "/api/servers/<int:server_id>", OWNER_ONLY,
        body={"name": "Мой сервер", "description": "Всё заново", "isPublic": True, "category": "gaming"}),
    Row("DELETE", "/api/servers/<int:server_id>", OWNER_ONLY, body="server_name", changes=True),
    Row("GET", "/api/servers/<int:server_id>/audit-log", STAFF_ONLY),
    Row("GET", "/api/servers/<int:server_id>/bans", STAFF_ONLY),
    Row("DELETE", "/api/servers/<int:server_id>/bans/<int:user_id>", STAFF_ONLY, ctx="banned_user", changes=True),
    Row("GET", "/api/servers/<int:server_id>/channels", MEMBERS),
    Row("POST", "/api/servers/<int:server_id>/channels", STAFF_ONLY.replace("200", "201"), body={"name": "новый", "type": "TEXT"}),
    Row("PATCH", "/api/servers/<int:server_id>/channels/<int:channel_id>", STAFF_ONLY, body={"name": "переименован"}),
    Row("DELETE", "/api/servers/<int:server_id>/channels/<int:channel_id>", STAFF_ONLY, ctx="spare_channel", changes=True),
    Row("POST", "/api/servers/<int:server_id>/channels/<int:channel_id>/move", STAFF_ONLY, body={"position": 1}),
    Row("GET", "/api/servers/<int:server_id>/icon", signed_in(200), ctx="server_with_icon"),
    Row("POST", "/api/servers/<int:server_id>/invite", OWNER_ONLY),
    Row("POST", "/api/servers/<int:server_id>/join", "all 200 anonymous 401 banned 403",
        changes=True),
    # Each person's own order of their servers (the rail): any member, whatever the role.
    Row("POST", "/api/servers/<int:server_id>/move", MEMBERS, body={"position": 0}),
    Row("POST", "/api/servers/<int:server_id>/leave", "anonymous 401 outsider 403 banned 403 member 200 moderator 200 owner 409",
        changes=True),
    Row("GET", "/api/servers/<int:server_id>/members", MEMBERS),
    Row("PATCH", "/api/servers/<int:server_id>/members/<int:user_id>", OWNER_ONLY, ctx="victim", body={"role": "moderator"},
        changes=True),
    Row("GET", "/api/servers/<int:server_id>/moderation", STAFF_ONLY),
    Row("POST", "/api/servers/<int:server_id>/moderation/ban", STAFF_ONLY, ctx="victim", body="victim", changes=True),
    Row("POST", "/api/servers/<int:server_id>/moderation/kick", STAFF_ONLY, ctx="victim", body="victim", changes=True),
    Row("POST", "/api/servers/<int:server_id>/moderation/timeout", STAFF_ONLY, ctx="victim",
        body="victim_timeout", changes=True),
    Row("DELETE", "/api/servers/<int:server_id>/moderation/timeout/<int:user_id>", STAFF_ONLY, ctx="timed_out", changes=True),
    Row("GET", "/api/servers/<int:server_id>/reports", STAFF_ONLY),
    Row("POST", "/api/servers/<int:server_id>/reports/<int:report_id>/resolve", STAFF_ONLY, ctx="report",
        body={"action": "dismiss"}, changes=True),
    Row("POST", "/api/servers/<int:server_id>/transfer", OWNER_ONLY, ctx="victim", body="victim", changes=True),
    Row("GET", "/api/servers/<int:server_id>/voice", IN_CHANNEL),
    Row("POST", "/api/servers/join/<path:code>", "all 200 anonymous 401 banned 403",
        ctx="invite", changes=True),
    # Invite links (issue 29): whoever holds the code sees what it opens, a private server too.
    Row("GET", "/api/invites/<code>", signed_in(200)),
    Row("GET", "/invite/<code>", "all 200"),  # the page: the banned read their ban there
    Row("POST", "/invite/<code>", "all 302 banned 403", changes=True),  # signed out: remembered, off to sign up
    Row("GET", "/invite/<code>/icon", "all 200", ctx="server_with_icon"),
    Row("GET", "/api/servers/public", signed_in(200), ctx="none"),
    Row("GET", "/api/servers/search", signed_in(200), ctx="none", query="q=сервер"),
    # Settings: the caller's own.
    Row("GET", "/api/settings", signed_in(200), ctx="none"),
    Row("PATCH", "/api/settings", signed_in(200), ctx="none", body={"appearance": {"theme": "light"}}),
    Row("POST", "/api/settings/avatar", signed_in(200), ctx="none", upload={"avatar": "picture"}),
    Row("DELETE", "/api/settings/avatar", signed_in(200), ctx="none"),
    Row("GET", "/api/settings/export", signed_in(200), ctx="none"),
    Row("POST", "/api/settings/import", signed_in(200), ctx="none", body={"appearance": {"theme": "dark"}}),
    Row("POST", "/api/settings/reset", signed_in(200), ctx="none"),
    Row("GET", "/api/users/<int:user_id>/avatar", signed_in(200), ctx="zoe_with_avatar"),
    Row("GET", "/api/users/search", signed_in(200), ctx="none", query="q=zoe"),
    Row("GET", "/api/voice/config", signed_in(200), ctx="none"),
    Row("GET", "/api/openapi.json", PUBLIC, ctx="none"),
    # Pages. A signed-out visitor is sent to sign in; the auth pages send a signed-in one to the app.
    Row("GET", "/", PUBLIC, ctx="none"),
    Row("GET", "/app", PAGE, ctx="none"),
    Row("GET", "/app/<path:subpath>", PAGE, ctx="subpath"),
    Row("GET", "/friends", PAGE, ctx="none"),
    Row("GET", "/gaming", PAGE, ctx="none"),
    Row("GET", "/app/settings", "all 302", ctx="none"),
    Row("GET", "/app/settings/<section>", PAGE, ctx="section"),
    Row("POST", "/app/settings/<section>", "all 303 anonymous 302", ctx="section", body={"form": {"theme": "light"}}),
    Row("GET", "/app/settings/accent.css", PUBLIC, ctx="none", query="c=5865f2"),
    Row("GET", "/app/settings/account", PAGE, ctx="none"),
    Row("POST", "/app/settings/account/delete", "all 422 anonymous 302", ctx="none", body={"form": {"password": "wrong-password"}}),
    Row("POST", "/app/settings/account/email", "all 422 anonymous 302", ctx="none",
        body={"form": {"email": "new@example.com", "password": "wrong-password"}}),
    Row("POST", "/app/settings/account/email/confirm", "all 400 anonymous 302", ctx="none", body={"form": {"code": "123456"}}),
    Row("POST", "/app/settings/account/email/resend", "all 409 anonymous 302", ctx="none", body={"form": {}}),
    Row("POST", "/app/settings/account/password", "all 403 anonymous 302", ctx="none",
        body={"form": {"currentPassword": "wrong-password", "newPassword": "another-password-1"}}),
    Row("POST", "/app/settings/account/sessions/<int:sign_in_id>/end", "anonymous 302 all 404 member 303", ctx="member_sign_in",
        body={"form": {}}, changes=True),
    Row("POST", "/app/settings/account/sessions/others/end", "all 303 anonymous 302", ctx="none", body={"form": {}}),
    Row("GET", "/app/settings/export", PAGE, ctx="none"),
    Row("POST", "/app/settings/import", "all 303 anonymous 302", ctx="none", upload={"file": "settings"}),
    Row("POST", "/app/settings/profile/avatar", "all 303 anonymous 302", ctx="none", upload={"avatar": "picture"}),
    Row("POST", "/app/settings/profile/avatar/remove", "all 303 anonymous 302", ctx="none", body={"form": {}}),
    Row("POST", "/app/settings/reset", "all 200 anonymous 302", ctx="none", body={"form": {}}),
    Row("GET", "/auth", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/auth", "all 302 anonymous 401", ctx="none", body={"form": {"username": "nobody", "password": "x"}}),
    Row("GET", "/auth/login", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/auth/login", "all 302 anonymous 401", ctx="none", body={"form": {"username": "nobody", "password": "x"}}),
    Row("GET", "/login", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/login", "all 302 anonymous 401", ctx="none", body={"form": {"username": "nobody", "password": "x"}}),
    Row("GET", "/auth/register", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/auth/register", "all 302 anonymous 422", ctx="none", body={"form": {"username": "x"}}),
    Row("GET", "/auth/forgot-password", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/auth/forgot-password", "all 302 anonymous 422", ctx="none", body={"form": {"email": "bad"}}),
    Row("GET", "/auth/reset-password", "all 400", ctx="none"),  # a link without its token
    Row("POST", "/auth/reset-password", "all 422", ctx="none", body={"form": {"token": "nothing"}}),
    Row("GET", "/auth/verify-email", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/auth/verify-email", "all 302 anonymous 422", ctx="none", body={"form": {"code": "1"}}),
    Row("GET", "/verify-email", "all 302 anonymous 200", ctx="none"),
    Row("POST", "/verify-email", "all 302 anonymous 422", ctx="none", body={"form": {"code": "1"}}),
    Row("POST", "/auth/verify-email/resend", "all 302", ctx="none", body={"form": {}}),
    Row("GET", "/healthz", PUBLIC, ctx="none"),
    Row("POST", "/language", "all 303", ctx="none", body={"form": {"language": "en", "next": "/"}}),
    Row("GET", "/static/<path:filename>", PUBLIC, ctx="static"),
    Row("GET", "/ws", "all 400", ctx="none"),  # not an upgrade: refused before anyone is looked at
    # Last: it ends the caller's sign-in.
    Row("POST", "/auth/logout", "all 302", ctx="none", body={"form": {}}),
    Row("POST", "/api/auth/logout", "all 200", ctx="none"),  # signing out twice is not an error
]


class World:
    """The objects the rows name, made through the API as people would make them."""

    def __init__(self, app, cast, people):
        self.app, self.build_cast, self.people = app, cast, people
        app.config["MESSAGE_SEND_LIMIT"] = 10_000  # the world's authors write more than people may in 10 s
        self.cast: Cast | None = None
        self.made = 0
        for name in ("victim", "dina", "bert", "zoe"):
            people(name)
        self.dm = self.conversation("member", "dina")
        self.blocked_dm = self.conversation("bert", "dina")
        self.blocked_dm_messages = [self.send("bert", self.blocked_dm, "до блокировки") for _ in range(10)]
        assert people("dina").post(f"/api/friends/{people('bert').id}/block").status_code == 200

    # The server, made again after a caller changed it.
    def server(self) -> Cast:
        if self.cast is None:
            self.cast = self.build_cast()
            owner, server_id = self.cast["owner"], self.cast.server["id"]
            assert self.people("victim").post(f"/api/servers/join/{self.cast.server['inviteCode']}").status_code == 200
            channels = owner.get(f"/api/servers/{server_id}/channels").get_json()["channels"]
            self.channel_id = next(c["id"] for c in channels if c["type"] == "TEXT")
        return self.cast

    def send(self, author: str, channel_id: int, content: str, **files) -> dict:
        person = self.people(author)
        path = f"/api/messages/{channel_id}/messages"
        response = person.upload(path, {"content": content, **files}) if files else person.post(path, json={"content": content})
        assert response.status_code == 201, response.get_json()
        return response.get_json()["message"]

    def conversation(self, one: str, other: str) -> int:
        """Friends first: by default people take direct messages from friends and server neighbours."""
        asked = self.people(one).post("/api/friends/request", json={"username": other})
        accepted = self.people(other).post(f"/api/friends/requests/{asked.get_json()['request']['id']}/accept")
        assert accepted.status_code == 200, accepted.get_json()
        response = self.people(one).post("/api/dms", json={"userId": self.people(other).id})
        assert response.status_code in (200, 201), response.get_json()
        return response.get_json()["channel"]["id"]

    def fresh_person(self) -> object:
        self.made += 1
        return self.people(f"passer{self.made}")

    def context(self, name: str, caller: str) -> dict:
        """The path's values (and what a body refers to) for one caller."""
        if name == "none":
            return {}
        if name == "subpath":
            return {"subpath": "friends"}
        if name == "section":
            return {"section": "appearance"}
        if name == "static":
            return {"filename": "css/app.css"}
        if name in ("zoe", "zoe_with_avatar"):
            zoe = self.people("zoe")
            if name == "zoe_with_avatar":
                assert zoe.upload("/api/settings/avatar", {"avatar": (picture(), "me.png")}).status_code == 200
            return {"user_id": zoe.id}
        if name == "member_sign_in":
            self.people("member").client.application.test_client().post(
                "/api/auth/login", json={"username": "member", "password": "password-123"})
            with self.app.app_context():
                newest = db.session.scalar(select(SignIn.id).where(SignIn.user_id == self.people("member").id)
                                           .order_by(SignIn.id.desc()).limit(1))
            return {"sign_in_id": newest}
        if name in ("incoming_request", "outgoing_request"):
            passer, member = self.fresh_person(), self.people("member")
            sender, to = (passer, member) if name == "incoming_request" else (member, passer)
            response = sender.post("/api/friends/request", json={"username": to.username})
            assert response.status_code == 201, response.get_json()
            return {"request_id": response.get_json()["request"]["id"]}
        if name == "notification":
            cast = self.server()
            self.send("owner", self.channel_id, "@member загляни")
            with self.app.app_context():
                newest = db.session.scalar(select(Notification.id).where(Notification.user_id == cast["member"].id)
                                           .order_by(Notification.id.desc()).limit(1))
            return {"notification_id": newest}
        if name in ("dm", "dm_message"):
            if caller == "blocked":  # bert's words from before dina blocked him: one per call
                message = self.blocked_dm_messages.pop()
            else:
                message = self.send("member", self.dm, "в личке")
            return {"channel_id": message["channelId"], "message_id": message["id"], "emoji": "👍"}

        cast = self.server()
        values = {"server_id": cast.server["id"], "channel_id": self.channel_id, "code": cast.server["inviteCode"],
                  "server_name": cast.server["name"]}
        if name == "message":
            values |= {"message_id": self.send("member", self.channel_id, "от участника")["id"], "emoji": "👍"}
        elif name == "attachment":
            message = self.send("member", self.channel_id, "файл", files=(b"plain text", "notes.txt"))
            attachment = message["attachments"][0]
            values |= {"attachment_id": attachment["id"], "filename": attachment["filename"]}
        elif name == "banned_user":
            values["user_id"] = cast["banned"].id
        elif name == "victim":
            values["user_id"] = self.people("victim").id
        elif name == "timed_out":
            values["user_id"] = self.people("victim").id
            response = cast["owner"].post(f"/api/servers/{cast.server['id']}/moderation/timeout",
                                          json={"userId": values["user_id"], "duration": 600, "reason": "флуд"})
            assert response.status_code in (200, 201), response.get_json()
        elif name == "spare_channel":
            response = cast["owner"].post(f"/api/servers/{cast.server['id']}/channels", json={"name": "лишний", "type": "TEXT"})
            values["channel_id"] = response.get_json()["channel"]["id"]
        elif name == "server_with_icon":
            response = cast["owner"].upload(f"/api/servers/{cast.server['id']}", {"icon": (picture(), "icon.png")}, method="PATCH")
            assert response.status_code == 200, response.get_json()
        elif name == "report":
            message = self.send("owner", self.channel_id, "сообщение на жалобу")
            response = cast["member"].post(f"/api/messages/{message['id']}/report", json={"reason": "спам и оскорбления"})
            assert response.status_code == 201, response.get_json()
            values["report_id"] = response.get_json()["report"]["id"]
        return values

    def body(self, row: Row, values: dict):
        named = {
            "zoe": lambda: {"userId": values["user_id"]},
            "zoe_name": lambda: {"username": "zoe"},
            "server_name": lambda: None,
            "victim": lambda: {"userId": values["user_id"], "reason": "нарушение правил"},
            "victim_timeout": lambda: {"userId": values["user_id"], "duration": 600, "reason": "флуд"},
            "read": lambda: {"messageId": values["message_id"]},
        }
        return named[row.body]() if isinstance(row.body, str) else row.body


SETTINGS_FILE = b'{"settings": {"appearance": {"theme": "dark"}}}'


def call(world: World, row: Row, caller: str):
    with world.app.app_context():
        limiter.reset()  # throttles answer 429 to anyone; this table is about who, not how often
    person = world.people(DM_PEOPLE[caller] if row.dm else caller)
    values = world.context(row.ctx, caller)
    path = re.sub(r"<(?:\w+:)?(\w+)>", lambda match: str(values[match.group(1)]), row.rule)
    if row.query:
        path += "?" + row.query
    body = world.body(row, values)
    if row.upload:
        files = {name: (picture(), "me.png") if kind == "picture" else (SETTINGS_FILE, "settings.json")
                 for name, kind in row.upload.items()}
        if "file" in files:
            files["section"] = "general"
        return person.upload(path, files, method=row.method)
    if isinstance(body, dict) and "form" in body:
        return person.client.open(path, method=row.method, data=body["form"], headers=person.headers())
    return person.client.open(path, method=row.method, json=body, headers=person.headers())


def test_every_rule_has_a_row(app):
    """A rule (or a method of it) added to the app without a row here fails until it gets one."""
    served = {(method, rule.rule) for rule in app.url_map.iter_rules() for method in rule.methods - {"HEAD", "OPTIONS"}}
    listed = {(row.method, row.rule) for row in ROWS}
    assert sorted(served - listed) == [] and sorted(listed - served) == []


def test_each_caller_gets_the_status_its_row_names(app, cast, people):
    world = World(app, cast, people)
    wrong = {}  # "METHOD rule as caller" → what came back instead, with the start of its body
    for row in ROWS:
        for caller in row.statuses:
            response = call(world, row, caller)
            if response.status_code != row.statuses[caller]:
                key = f"{row.method} {row.rule}{' (dm)' if row.dm else ''} as {caller}"
                wrong[key] = f"{response.status_code} {response.get_data(as_text=True)[:120]}"
            if row.changes and response.status_code < 400:
                world.cast = None  # the next caller meets a server nobody has acted on
    assert wrong == {}
