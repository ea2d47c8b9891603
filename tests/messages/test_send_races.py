"""Sends at the same instant, each on a client and a database connection of its own: the send rate
(30 in any 10 seconds) holds for text, files, replies and edits alike, in both modes. On PostgreSQL
the check inside the insert was not enough by itself (34 of 60 text sends and 60 of 60 with files
got through before the author's lock)."""
from io import BytesIO

import pytest

from tests.messages.test_attachments_api import stored_files
from tests.messages.test_messages_api import history, send
from tests.support import at_once

LIMIT = 30


def text_send(app, person, channel, n, **extra):
    client = app.test_client()  # one per thread: a test client is not for two at once
    return lambda: client.post(f"/api/messages/{channel}/messages", json={"content": f"№{n}", **extra},
                               headers=person.headers())


def file_send(app, person, channel, n):
    client = app.test_client()
    return lambda: client.post(
        f"/api/messages/{channel}/messages", data={"content": f"№{n}", "files": (BytesIO(b"data"), "notes.txt")},
        headers=person.headers(), content_type="multipart/form-data")


def edit(app, person, message_id, n):
    client = app.test_client()
    return lambda: client.patch(f"/api/messages/{message_id}", json={"content": f"правка №{n}"},
                                headers=person.headers())


def written(person, channel) -> list[dict]:
    return history(person, channel, limit=100).get_json()["messages"]


@pytest.mark.parametrize("kind", ["text", "files", "replies"])
def test_sixty_sends_at_once_write_thirty(chat, app, kind):
    owner, member, _, channel = chat
    original = send(member, channel, "Вопрос").get_json()["message"]
    calls = {"text": lambda n: text_send(app, owner, channel, n),
             "files": lambda n: file_send(app, owner, channel, n),
             "replies": lambda n: text_send(app, owner, channel, n, replyToId=original["id"])}[kind]
    codes = at_once([calls(n) for n in range(60)])
    assert (codes.count(201), codes.count(429)) == (LIMIT, 60 - LIMIT)
    assert len([m for m in written(owner, channel) if m["author"]["id"] == owner.id]) == LIMIT
    assert len(stored_files(app)) == (LIMIT if kind == "files" else 0)  # a refused send leaves no file behind


def test_sends_and_edits_at_once_share_the_limit(chat, app):
    owner, _, _, channel = chat
    message = send(owner, channel, "Черновик").get_json()["message"]
    codes = at_once([edit(app, owner, message["id"], n) for n in range(20)]
                    + [text_send(app, owner, channel, n) for n in range(40)])
    assert codes.count(200) + codes.count(201) == LIMIT - 1 and codes.count(429) == 60 - (LIMIT - 1)
    assert len(written(owner, channel)) == 1 + codes.count(201)
