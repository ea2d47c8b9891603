"""A notification's words, made when it is shown — in the reader's language now, not the one of
the moment it happened: from its `type`, its `data` (`{"name", "channel"}` as they were then) and
its actor as they are now (their display name, lobby.people). The islands make the same words from
the same fields with the same Russian texts (`islands/app/notifications/words.js`)."""
from __future__ import annotations

from lobby.notifications.models import DM, FRIEND_ACCEPTED, FRIEND_REQUEST, MENTION, MISSED_CALL, REPLY
from lobby.texts import text

CODES = {FRIEND_REQUEST: "notifications.friend_request", FRIEND_ACCEPTED: "notifications.friend_accepted",
         MENTION: "notifications.mention", REPLY: "notifications.reply", DM: "notifications.dm",
         MISSED_CALL: "notifications.missed_call"}


def what_happened(actor: dict | None, channel: str | None = None) -> dict:
    """The `data` to keep: the actor's shown name and the channel's name as they are now (the
    words fall back on them once the actor's account or the channel is gone)."""
    data = {"name": actor["displayName"]} if actor else {}
    if channel is not None:
        data["channel"] = channel
    return data


def words(kind: str, data: dict | None, actor: dict | None) -> str:
    """The notification in the current language (the request's, or `in_language`'s)."""
    data = data or {}
    name = actor["displayName"] if actor else data.get("name") or text("account.deleted_user")
    return text(CODES[kind], username=name, channel=data.get("channel", ""))
