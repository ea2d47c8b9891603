"""Unread and mention counts, from the read markers: one statement for any number of channels.

For each channel: the messages after the person's marker that someone else wrote, counted up to
`UNREAD_CAP` (a subquery with LIMIT, so a channel with thousands unread costs no more than one with
a hundred: the client shows "99+"), and the mentions after the marker (their `message_mentions`
rows, plus the @everyone messages through the messages' partial index). Each is an index range
read, correlated on the channel. A channel with no marker has nothing read.
"""
from __future__ import annotations

from sqlalchemy import bindparam, text

from lobby.extensions import db

UNREAD_CAP = 100

COUNTS = """
SELECT readable.channel_id, readable.server_id, read_states.last_read_id,
  (SELECT count(*) FROM (SELECT 1 FROM messages WHERE messages.channel_id = readable.channel_id
      AND messages.id > COALESCE(read_states.last_read_id, 0) AND messages.author_id <> :user
      LIMIT {cap}) AS counted),
  (SELECT count(*) FROM message_mentions WHERE message_mentions.user_id = :user
      AND message_mentions.channel_id = readable.channel_id
      AND message_mentions.message_id > COALESCE(read_states.last_read_id, 0))
  + (SELECT count(*) FROM messages WHERE messages.channel_id = readable.channel_id AND messages.mentions_everyone
      AND messages.id > COALESCE(read_states.last_read_id, 0) AND messages.author_id <> :user)
FROM ({readable}) AS readable
LEFT JOIN read_states ON read_states.user_id = :user AND read_states.channel_id = readable.channel_id
"""
# Every channel the person can read: the text channels of their servers, and their DMs (each side of
# the pair has its own index).
READABLE = """
  SELECT channels.id AS channel_id, channels.server_id AS server_id FROM memberships
  JOIN channels ON channels.server_id = memberships.server_id
  WHERE memberships.user_id = :user AND channels.type <> 'VOICE'
  UNION ALL SELECT direct_chats.channel_id, NULL FROM direct_chats WHERE direct_chats.user_low_id = :user
  UNION ALL SELECT direct_chats.channel_id, NULL FROM direct_chats WHERE direct_chats.user_high_id = :user"""
NAMED = "SELECT channels.id AS channel_id, channels.server_id AS server_id FROM channels WHERE channels.id IN :channels"

EVERY_CHANNEL = text(COUNTS.format(cap=UNREAD_CAP, readable=READABLE))
THESE_CHANNELS = text(COUNTS.format(cap=UNREAD_CAP, readable=NAMED)).bindparams(bindparam("channels", expanding=True))


def state_dict(row) -> dict:
    """The contract's read state of one channel: {channelId, serverId, lastReadId, unread, mentions}."""
    channel_id, server_id, last_read_id, unread, mentions = row
    return {"channelId": channel_id, "serverId": server_id, "lastReadId": last_read_id or None,
            "unread": int(unread), "mentions": int(mentions)}


def unread_of(user_id: int) -> list[dict]:
    """`GET /api/unread`: every channel and DM of the person with something unread or a mention."""
    states = [state_dict(row) for row in db.session.execute(EVERY_CHANNEL, {"user": user_id})]
    return sorted((s for s in states if s["unread"] or s["mentions"]), key=lambda s: s["channelId"])


def states_of(user_id: int, channel_ids: list[int]) -> dict[int, dict]:
    """The read state of these channels (the caller knows the person can read them)."""
    if not channel_ids:
        return {}
    rows = db.session.execute(THESE_CHANNELS, {"user": user_id, "channels": list(channel_ids)})
    return {row[0]: state_dict(row) for row in rows}


def unread_for(user_id: int, channel_ids: list[int]) -> dict[int, dict]:
    """{channelId: {lastReadId, unread, mentions}} for channels the caller knows the person can read
    (`GET /api/dms` asks it for the person's DMs). A channel id that names nothing is left out."""
    return {channel_id: {"lastReadId": state["lastReadId"], "unread": state["unread"], "mentions": state["mentions"]}
            for channel_id, state in states_of(user_id, channel_ids).items()}
