"""Bad frames get an `error {message}` frame; the socket, and everyone else, carry on."""
import json

import pytest

MALFORMED = "Некорректное сообщение"


def still_works(socket) -> None:
    socket.send("ping", message_id="after")
    assert socket.expect("pong")["messageId"] == "after"


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '"ping"', '{"data": {}}', '{"type": 5}',
                                  '{"type": "ping", "data": [1]}'])
def test_a_malformed_frame_gets_an_error_and_the_socket_carries_on(people, connect, text):
    socket = connect(people("alice"))
    socket.raw(text)
    assert socket.expect("error")["data"] == {"message": MALFORMED, "code": "MALFORMED_FRAME"}
    still_works(socket)


def test_an_unknown_type_gets_an_error_with_the_frames_message_id(people, connect):
    socket = connect(people("alice"))
    socket.send("launch_rockets", {}, message_id=7)
    frame = socket.expect("error")
    assert frame["data"] == {"message": "Неизвестный тип сообщения", "code": "UNKNOWN_TYPE"}
    assert frame["messageId"] == 7
    still_works(socket)


def test_an_oversized_frame_gets_an_error_and_the_socket_carries_on(people, connect):
    socket = connect(people("alice"))
    socket.send("typing", {"channelId": 1, "padding": "я" * 9000})  # 18 KB in UTF-8, over 16 KB
    assert socket.expect("error")["data"] == {"message": "Слишком большое сообщение", "code": "PAYLOAD_TOO_LARGE"}
    still_works(socket)


def test_a_huge_frame_closes_the_socket_without_buffering_it(people, connect):
    socket = connect(people("alice"))
    socket.raw(json.dumps({"type": "ping", "data": {"padding": "x" * 200_000}}))
    assert socket.closed_with()[0] == 1009  # message too big


@pytest.mark.parametrize("data", [{}, {"channelId": "7"}, {"channelId": -1}, {"channelId": True}])
def test_a_frame_with_bad_fields_gets_a_validation_error(people, connect, data):
    socket = connect(people("alice"))
    socket.send("join_channel", data)
    error = socket.expect("error")["data"]
    assert error["code"] == "VALIDATION_ERROR" and error["errors"] == {"channelId": "Некорректный идентификатор"}
    still_works(socket)


def test_too_many_frames_get_an_error_and_the_socket_recovers(people, connect):
    socket = connect(people("alice"))
    for number in range(60):  # the burst is 40
        socket.send("ping", message_id=number)
    answers = [socket.expect("pong", skip={"error", "user_status", "ping"}) for _ in range(40)]
    assert len({frame["messageId"] for frame in answers}) == 40
    errors = [f for f in socket.frames_within(0.5) if f["type"] == "error"] + \
             [f for f in socket.seen if f["type"] == "error"]
    assert errors and all(e["data"] == {"message": "Слишком много сообщений", "code": "RATE_LIMITED"} for e in errors)
    still_works(socket)  # the bucket refills at 20 frames a second


def test_one_sockets_bad_frames_do_not_disturb_another(people, connect):
    noisy, calm = connect(people("alice")), connect(people("bob"))
    noisy.raw("{oops")
    noisy.expect("error")
    still_works(calm)
