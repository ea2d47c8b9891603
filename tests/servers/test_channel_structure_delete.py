"""Deleting a server's channel: `DELETE /api/servers/{id}/channels/{channelId}`. Its messages, their
files and their search entries go with it; the server keeps one text channel at least."""
from io import BytesIO
from pathlib import Path

import pytest

from tests.servers.conftest import error_of
from tests.servers.test_channel_structure_api import REFUSED_BY_ROLE, channel_id, last_audit, listed
from tests.support import run_jobs

LAST_TEXT = (409, "LAST_TEXT_CHANNEL", "Нельзя удалить последний текстовый канал сервера")


def send(person, channel, content):
    response = person.post(f"/api/messages/{channel}/messages", json={"content": content})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def send_file(person, channel, content):
    data = {"content": content, "files": [(BytesIO(b"secret plans\n"), "plans.txt")]}
    response = person.client.post(f"/api/messages/{channel}/messages", data=data, headers=person.headers(),
                                  content_type="multipart/form-data")
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


def stored_files(app) -> list[Path]:
    return sorted((Path(app.config["UPLOAD_FOLDER"]) / "attachments").glob("*"))


@pytest.mark.parametrize("role", ["owner", "moderator"])
def test_the_owner_and_moderators_delete_a_channel(cast, role):
    crew = cast(template="gaming")
    game = channel_id(crew["owner"], crew.url, "игра")
    response = crew[role].delete(f"{crew.url}/channels/{game}")
    assert response.status_code == 200
    assert (response.get_json()["channel"]["id"], response.get_json()["channel"]["name"]) == (game, "игра")
    assert listed(crew["member"], crew.url) == [("общий", "TEXT", 0), ("голосовой", "VOICE", 2)]
    assert last_audit(crew) == ("CHANNEL_DELETE", role, "#игра (TEXT)")
    assert error_of(crew["owner"].delete(f"{crew.url}/channels/{game}"))[:2] == (404, "CHANNEL_NOT_FOUND")


def test_a_deleted_channel_takes_its_messages_files_and_search_entries(cast, app):
    crew = cast(template="gaming")
    general, game = channel_id(crew["owner"], crew.url, "общий"), channel_id(crew["owner"], crew.url, "игра")
    doomed = send(crew["member"], game, "тайный план атаки")
    send_file(crew["member"], game, "вложение")
    answer = crew["owner"].post(f"/api/messages/{game}/messages", json={"content": "ответ", "replyToId": doomed["id"]})
    assert answer.status_code == 201, answer.get_json()
    assert crew["member"].post(f"/api/messages/{doomed['id']}/reactions", json={"emoji": "👍"}).status_code == 200
    kept = send(crew["member"], general, "обычный разговор про план")
    assert len(stored_files(app)) == 1

    assert crew["owner"].delete(f"{crew.url}/channels/{game}").status_code == 200
    run_jobs(app)
    assert stored_files(app) == []
    assert crew["member"].get(f"/api/messages/{game}/messages").status_code == 404
    found = crew["member"].get("/api/messages/search", query_string={"q": "план"}).get_json()["messages"]
    assert [m["content"] for m in found] == [kept["content"]]
    history = crew["member"].get(f"/api/messages/{general}/messages").get_json()["messages"]
    assert [m["content"] for m in history] == [kept["content"]]


def test_a_voice_channel_is_deleted_too(cast):
    crew = cast(template="gaming")
    voice = channel_id(crew["owner"], crew.url, "голосовой")
    assert crew["owner"].delete(f"{crew.url}/channels/{voice}").status_code == 200
    assert last_audit(crew) == ("CHANNEL_DELETE", "owner", "#голосовой (VOICE)")
    server = crew["owner"].get(crew.url).get_json()["server"]
    assert (server["textChannelCount"], server["voiceChannelCount"]) == (2, 0)


def test_the_last_text_channel_stays(cast):
    crew = cast(template="gaming")
    general, game = channel_id(crew["owner"], crew.url, "общий"), channel_id(crew["owner"], crew.url, "игра")
    assert crew["owner"].delete(f"{crew.url}/channels/{game}").status_code == 200
    assert error_of(crew["owner"].delete(f"{crew.url}/channels/{general}")) == LAST_TEXT
    assert listed(crew["owner"], crew.url) == [("общий", "TEXT", 0), ("голосовой", "VOICE", 2)]
    voice = channel_id(crew["owner"], crew.url, "голосовой")  # the last voice channel may go
    assert crew["owner"].delete(f"{crew.url}/channels/{voice}").status_code == 200


@pytest.mark.parametrize("is_public, role, answer", REFUSED_BY_ROLE)
def test_others_cannot_delete_a_channel(cast, is_public, role, answer):
    crew = cast(is_public=is_public, template="gaming")
    game = channel_id(crew["owner"], crew.url, "игра")
    assert error_of(crew[role].delete(f"{crew.url}/channels/{game}")) == answer
    assert [row[0] for row in listed(crew["owner"], crew.url)] == ["общий", "игра", "голосовой"]


@pytest.mark.parametrize("path", ["999999", "0", "99999999999999999999", "x"])
def test_deleting_an_unknown_channel_answers_404(cast, path):
    crew = cast()
    response = crew["owner"].delete(f"{crew.url}/channels/{path}")
    assert response.status_code == 404 and response.get_json()["code"] in {"CHANNEL_NOT_FOUND", "NOT_FOUND"}


def test_a_dm_is_no_server_channel(cast, in_database):
    from lobby.servers.models import Channel

    crew = cast()
    made = []

    def make_dm(session):
        channel = Channel(server_id=None, name="dm", type="DM")
        session.add(channel)
        session.flush()
        made.append(channel.id)

    in_database(make_dm)
    assert error_of(crew["owner"].delete(f"{crew.url}/channels/{made[0]}"))[:2] == (404, "CHANNEL_NOT_FOUND")


def test_deleting_an_unknown_server_channel_answers_404(people):
    assert error_of(people("outsider").delete("/api/servers/31337/channels/1"))[:2] == (404, "SERVER_NOT_FOUND")
