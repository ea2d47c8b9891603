"""The socket's frames are models (`realtime/schemas.py`): a client's bad frame gets the same `error`
frame as when the handlers checked it by hand, every frame type has a model and a place in the
socket's document, and what the server sends fits the models the document shows."""
import pytest

from lobby.realtime.handlers import HANDLERS
from lobby.realtime.schemas import FRAMES, SERVER_FRAMES, Envelope, socket_document
from tests.realtime.conftest import QUIET, joined

NOT_AN_ID = "Некорректный идентификатор"
EMPTY = "Сообщение не может быть пустым"
BAD_NONCE = "Некорректный nonce"
COMPONENTS = "#/components/schemas/"


def refused(errors: dict, **extra) -> dict:
    """An `error` frame's data for refused fields."""
    return {"message": next(iter(errors.values())), "code": "VALIDATION_ERROR", "errors": errors, **extra}


@pytest.mark.parametrize("kind, data, expected", [
    ("join_channel", {"channelId": "7"}, refused({"channelId": NOT_AN_ID})),
    ("leave_channel", {"channelId": 7.0}, refused({"channelId": NOT_AN_ID})),
    ("typing", {"channelId": None, "isTyping": True}, refused({"channelId": NOT_AN_ID})),
    ("delete_message", {"messageId": True}, refused({"messageId": NOT_AN_ID})),
    ("edit_message", {"content": "x"}, refused({"messageId": NOT_AN_ID})),
    ("presence_update", {"status": "asleep"}, refused({"status": "Неизвестный статус"})),
    ("presence_update", {"status": "idle", "customStatus": "x" * 51}, refused({"customStatus": "Статус слишком длинный"})),
    ("presence_update", {"status": "idle", "customStatus": 5}, refused({"customStatus": "Статус слишком длинный"})),
    # A refused send carries its nonce back as sent (none: null), so the client marks its copy failed...
    ("send_message", {"channelId": "7", "content": "x", "nonce": "n-1"}, refused({"channelId": NOT_AN_ID}, nonce="n-1")),
    ("send_message", {"channelId": 1, "content": "   ", "nonce": 5}, refused({"content": EMPTY}, nonce=5)),
    ("send_message", {"channelId": 1, "content": "   "}, refused({"content": EMPTY}, nonce=None)),
    ("send_message", {"channelId": 1, "content": "x", "nonce": True}, refused({"nonce": BAD_NONCE}, nonce=True)),
    # ... unless what it sent cannot be a nonce.
    ("send_message", {"channelId": 1, "content": "x", "nonce": [1]}, refused({"nonce": BAD_NONCE})),
])
def test_a_bad_frame_gets_the_same_error_frame_as_before(people, connect, kind, data, expected):
    socket = connect(people("alice"))
    socket.send(kind, data, message_id="m-1")
    frame = socket.expect("error")
    assert frame["data"] == expected and frame["messageId"] == "m-1"
    socket.send("ping", message_id="after")
    assert socket.expect("pong")["messageId"] == "after"


def sent(socket, channel_id: int, nonce: str) -> dict:
    socket.send("send_message", {"channelId": channel_id, "content": "текст", "nonce": nonce})
    return socket.expect("message_sent", skip=QUIET | {"new_message"})["data"]["message"]


@pytest.mark.parametrize("kind, emoji", [("reaction_add", "a b"), ("reaction_add", 5), ("reaction_remove", None),
                                         ("reaction_add", "ok"), ("reaction_add", "👍👍"), ("reaction_remove", "плюс")])
def test_a_bad_reaction_gets_the_same_error_frame_as_over_http(community, connect, kind, emoji):
    alice = joined(connect(community.alice), community.channel)
    message = sent(alice, community.channel, "react")
    alice.send(kind, {"messageId": message["id"], "emoji": emoji})
    assert alice.expect("error", skip=QUIET | {"new_message"})["data"] == refused(
        {"emoji": "Реакция — это один эмодзи"})


def test_a_nonce_sent_as_a_number_comes_back_as_a_number(community, connect):
    alice = joined(connect(community.alice), community.channel)
    alice.send("send_message", {"channelId": community.channel, "content": "число", "nonce": 42})
    sent = alice.expect("message_sent", skip=QUIET | {"new_message"})["data"]
    assert sent["nonce"] == 42 and sent["message"]["nonce"] == "42"


@pytest.mark.parametrize("flag, typing", [(False, False), (True, True), (0, True), (None, True), ("нет", True)])
def test_anything_but_false_means_typing(community, connect, flag, typing):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    if flag is False:  # a stop is told only after a start that was told
        alice.send("typing", {"channelId": community.channel, "isTyping": True})
        assert bob.expect("typing", userId=community.alice.id)["data"]["isTyping"] is True
    alice.send("typing", {"channelId": community.channel, "isTyping": flag})
    assert bob.expect("typing", userId=community.alice.id)["data"]["isTyping"] is typing


def test_an_edit_without_content_is_refused_by_the_edit_as_before(community, connect):
    alice = joined(connect(community.alice), community.channel)
    message = sent(alice, community.channel, "edit")
    alice.send("edit_message", {"messageId": message["id"]})
    error = alice.expect("error", skip=QUIET | {"new_message"})["data"]
    assert error == refused({"content": EMPTY})


def test_every_frame_type_has_a_model_and_a_place_in_the_document():
    section, _ = socket_document()
    assert set(FRAMES) == set(HANDLERS) == set(section["clientFrames"])
    assert set(SERVER_FRAMES) == set(section["serverFrames"])
    answers = {entry["answer"] for entry in section["clientFrames"].values()} - {None}
    assert answers <= set(SERVER_FRAMES)


def refs_in(value):
    if isinstance(value, dict):
        if "$ref" in value:
            yield value["$ref"]
        for inner in value.values():
            yield from refs_in(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from refs_in(inner)


def test_every_schema_of_the_socket_section_resolves():
    section, schemas = socket_document()
    refs = set(refs_in(section)) | set(refs_in(schemas))
    assert refs and all(ref.startswith(COMPONENTS) for ref in refs)
    assert {ref.removeprefix(COMPONENTS) for ref in refs} - set(schemas) == set()


def test_models_shared_with_the_http_document_read_the_same_there(client):
    _, schemas = socket_document()
    http = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    shared = set(schemas) & set(http)
    assert "Message" in shared
    assert {name: schemas[name] for name in shared} == {name: http[name] for name in shared}


def test_what_the_server_sends_fits_the_documented_models(community, connect, publish):
    alice = joined(connect(community.alice), community.channel)
    bob = joined(connect(community.bob), community.channel)
    alice.send("send_message", {"channelId": community.channel, "content": "модели", "nonce": "fit"})
    message = alice.expect("message_sent", skip=QUIET | {"new_message"})["data"]["message"]
    for kind, data in [("edit_message", {"messageId": message["id"], "content": "модели!"}),
                       ("reaction_add", {"messageId": message["id"], "emoji": "👍"}),
                       ("reaction_remove", {"messageId": message["id"], "emoji": "👍"}),
                       ("typing", {"channelId": community.channel}),
                       ("presence_update", {"status": "dnd", "customStatus": "занят"}),
                       ("delete_message", {"messageId": message["id"]})]:
        alice.send(kind, data, message_id=kind)
    # Leaving the channel before the deletion's broadcast arrives would unsubscribe alice from it.
    alice.expect("message_deleted", skip=set(SERVER_FRAMES))
    for kind, data in [("ping", {}), ("join_channel", {"channelId": "x"}), ("leave_channel", {"channelId": community.channel})]:
        alice.send(kind, data, message_id=kind)
    publish({"type": "access_revoked", "data": {"serverId": community.server["id"], "userId": community.bob.id,
                                                "channelIds": [community.channel], "reason": "kick"}},
            users=[community.bob.id])
    bob.expect("server_access_revoked", skip={"ping", "user_status", "new_message", "message_edited", "reaction_added",
                                              "reaction_removed", "typing", "message_deleted"})
    alice.frames_within(1.0)
    heard = alice.seen + bob.seen
    assert {"connected", "channel_joined", "message_sent", "new_message", "message_edited", "reaction_added",
            "reaction_removed", "typing", "user_status", "message_deleted", "pong", "error", "channel_left",
            "server_access_revoked"} <= {frame["type"] for frame in heard}
    for frame in heard:
        Envelope.model_validate(frame)
        model = SERVER_FRAMES[frame["type"]][0]
        model.model_validate(frame["data"])
        declared = {field.alias or name for name, field in model.model_fields.items()}
        assert set(frame["data"]) <= declared, frame
