"""`@username` in a message: resolved when it is sent (and again when it is edited) among the people
who can read the channel, the members of its server or the two people of a DM; a name nobody there
has stays plain text. `@everyone` counts only from the server's owner or a moderator.

A message with no '@' costs nothing here: no statement. One with names costs one statement to
resolve them (with the author's role when `@everyone` is written), and one to write the
`message_mentions` rows the unread counts read."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlalchemy import and_, delete, insert, null, select, union_all
from sqlalchemy.sql import bindparam

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.notifications.messages import hears_channel
from lobby.reads.models import MessageMention
from lobby.servers.models import MODERATOR, OWNER, Channel, Membership

# '@' at the start or after something that is not part of a word (not in an e-mail address), then a
# username's characters (accounts/validation.py: letters of any alphabet, digits, '_', '-').
NAME = re.compile(r"(?<![\w@])@([\w-]{1,32})")
EVERYONE = "everyone"
MAX_NAMES = 20  # distinct names looked up in one message; more are left as text


@dataclass(frozen=True)
class Mentions:
    people: list[dict] = field(default_factory=list)  # [{id, username}], in the order first written
    everyone: bool = False

    @property
    def stored(self) -> list[dict] | None:
        return self.people or None

    @property
    def ids(self) -> list[int]:
        return [person["id"] for person in self.people]


NONE = Mentions()

_CHANNEL, _AUTHOR = bindparam("channel"), bindparam("author")
# A person named in the message who may hear of it: who can read the channel (never the author).
# The same rule chooses whom a message's notifications reach (notifications/messages.py).
PEOPLE = (select(User.id, User.username)
          .where(User.username_key.in_(bindparam("names", expanding=True)), User.id != _AUTHOR,
                 hears_channel(_CHANNEL)))
# With @everyone written: the author's role in the channel's server, as a row of its own (id null).
AUTHOR_ROLE = (select(null(), Membership.role).join(Channel, and_(Channel.server_id == Membership.server_id,
                                                                   Channel.id == _CHANNEL))
               .where(Membership.user_id == _AUTHOR))
PEOPLE_AND_ROLE = union_all(PEOPLE, AUTHOR_ROLE)


def names_in(content: str) -> tuple[list[str], bool]:
    """The distinct names written (lower-cased, as `username_key`), and whether @everyone was."""
    keys: list[str] = []
    everyone = False
    for match in NAME.finditer(content):
        key = match[1].lower()
        if key == EVERYONE:
            everyone = True
        elif key not in keys and len(keys) < MAX_NAMES:
            keys.append(key)
    return keys, everyone


def resolve(channel_id: int, author_id: int, content: str, release: bool = False) -> Mentions:
    """Who the content mentions in this channel. Without '@': nothing, and no statement.
    `release`: end the session's transaction after reading (the hot path's send then takes a
    connection of its own, and should not hold two)."""
    if "@" not in content:
        return NONE
    keys, everyone = names_in(content)
    if not keys and not everyone:
        return NONE
    statement = PEOPLE_AND_ROLE if everyone else PEOPLE
    rows = db.session.execute(statement, {"names": keys, "channel": channel_id, "author": author_id}).all()
    if release:
        db.session.commit()
    found = {row[0]: row[1] for row in rows if row[0] is not None}
    by_key = {name.lower(): (user_id, name) for user_id, name in found.items()}
    people = [{"id": by_key[key][0], "username": by_key[key][1]} for key in keys if key in by_key]
    moderates = any(row[0] is None and row[1] in (OWNER, MODERATOR) for row in rows)
    return Mentions(people, everyone and moderates)


def counted(mentions: Mentions) -> list[int]:
    """Whose unread mentions this message adds to by name: an @everyone message counts for everyone
    through its flag, so it gets no rows of its own."""
    return [] if mentions.everyone else mentions.ids


def write_rows(message_id: int, channel_id: int, mentions: Mentions, replace: bool = False) -> None:
    """The message's `message_mentions` rows, in the caller's transaction (`replace`: after an edit)."""
    if replace:
        db.session.execute(delete(MessageMention).where(MessageMention.message_id == message_id))
    user_ids = counted(mentions)
    if user_ids:
        db.session.execute(insert(MessageMention), [{"message_id": message_id, "user_id": user_id,
                                                     "channel_id": channel_id} for user_id in user_ids])


def of_message(message) -> Mentions:
    """What a stored message mentions."""
    return Mentions(list(message.mentions or []), bool(message.mentions_everyone))

