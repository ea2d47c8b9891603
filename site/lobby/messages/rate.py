"""The send rate: at most MESSAGE_SEND_LIMIT messages sent or edited in any 10 seconds by one
author, over HTTP and every live socket of every process alike.

It is counted from the rows themselves, the messages' `created_at` and the edits' `message_edits`
rows, so every process sees the same count (in both modes: no Redis) and a refused send costs
nothing extra. The check is inside the statement that writes: a send's INSERT of its message
(`sending.SEND_TEXT`, whether text or files), an edit's INSERT of its `message_edits` row (`EDIT`),
each after `serial.hold(SENDS, author)` on PostgreSQL, so sends at once cannot all pass one count."""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import bindparam, delete, select, text as sql, union_all

from lobby.database import UtcDateTime
from lobby.errors import ApiError, http_message
from lobby.extensions import db
from lobby.messages.models import Message, MessageEdit
from lobby.messages.serial import SENDS, hold


@dataclass(frozen=True)
class SendRate:
    """At most `count` messages sent or edited in any `seconds` by one author."""
    count: int
    seconds: int

    def window(self, now: datetime) -> dict:
        return {"window_start": now - timedelta(seconds=self.seconds), "window_count": self.count}


def send_rate() -> SendRate:
    """One author's limit (MESSAGE_SEND_LIMIT in any 10 seconds)."""
    return SendRate(count=current_app.config["MESSAGE_SEND_LIMIT"], seconds=10)


# The author's messages and edits in the window, up to the limit (the indexes on (author_id,
# created_at) and (author_id, edited_at) read at most `window_count` entries).
RECENT = """(SELECT count(*) FROM (SELECT 1 FROM messages AS recent WHERE recent.author_id = :author_id
             AND recent.created_at > :window_start
             UNION ALL SELECT 1 FROM message_edits AS edit WHERE edit.author_id = :author_id
             AND edit.edited_at > :window_start LIMIT :window_count) AS counted)"""

# An edit's mark, written only while the author is under the limit.
EDIT = sql(f"""INSERT INTO message_edits (author_id, edited_at) SELECT :author_id, :created_at
               WHERE {RECENT} < :window_count""").bindparams(
    bindparam("created_at", type_=UtcDateTime()), bindparam("window_start", type_=UtcDateTime()))


def check_rate(author_id: int, rate: SendRate, now: datetime) -> None:
    """429 with Retry-After when the author is at the limit (an answer's explanation, or an early
    refusal before costly work: the statements that write are what hold the limit)."""
    window = rate.window(now)
    sent = select(Message.created_at.label("at")).where(Message.author_id == author_id,
                                                        Message.created_at > window["window_start"])
    edited = select(MessageEdit.edited_at.label("at")).where(MessageEdit.author_id == author_id,
                                                            MessageEdit.edited_at > window["window_start"])
    both = union_all(sent, edited).subquery()
    recent = db.session.scalars(select(both.c.at).order_by(both.c.at.desc()).limit(rate.count)).all()
    if len(recent) >= rate.count:
        raise rate_limited(recent[-1] + timedelta(seconds=rate.seconds) - now)  # until the oldest counted leaves


def rate_limited(wait: timedelta) -> ApiError:
    return ApiError(429, http_message(429), "RATE_LIMITED",
                    headers={"Retry-After": str(max(1, math.ceil(wait.total_seconds())))})


def spend_on_edit(author_id: int, rate: SendRate, now: datetime) -> None:
    """An edit counts as a send: mark it, in the caller's transaction and before it changes
    anything else, or refuse it (429) when the author is at the limit. Marks that left the window
    are dropped on the way."""
    hold(SENDS, author_id)
    window = rate.window(now)
    db.session.execute(delete(MessageEdit).where(MessageEdit.author_id == author_id,
                                                 MessageEdit.edited_at <= window["window_start"]))
    if db.session.execute(EDIT, {"author_id": author_id, "created_at": now, **window}).rowcount:
        return
    db.session.rollback()
    check_rate(author_id, rate, now)
    raise rate_limited(timedelta(seconds=1))  # the window moved between the two reads: try again soon
