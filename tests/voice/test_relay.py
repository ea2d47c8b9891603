"""Signalling: offers, answers and candidates go only between two people seated in the same
channel; anything else is refused and relays nothing."""
import pytest

from tests.voice.conftest import fits_the_document, heard, nothing_of, offer, refused, seated

SIGNALS = {"rtc_offer", "rtc_answer", "rtc_ice_candidate"}


@pytest.fixture
def pair(guild, connect):
    """alice and bob seated in the guild's voice channel: (alice's socket, bob's socket)."""
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, guild.voice)
    seated(bob, guild.voice, session="bob")
    return alice, bob


def test_an_offer_reaches_the_target_in_either_form(guild, pair):
    alice, bob = pair
    alice.send("rtc_offer", {"targetUserId": guild.bob.id, "sdp": "v=0 plain", "callType": "video"})
    assert heard(bob, "rtc_offer")["data"] == {
        "channelId": guild.voice, "fromUserId": guild.alice.id, "fromUsername": "alice",
        "offer": {"type": "offer", "sdp": "v=0 plain"}, "callType": "video"}
    alice.send("rtc_offer", offer(guild.bob, "v=0 object"))
    assert heard(bob, "rtc_offer")["data"]["offer"] == {"type": "offer", "sdp": "v=0 object"}
    nothing_of(alice, SIGNALS | {"error"})  # no answer to the sender, and nothing echoed


def test_an_answer_and_candidates_come_back(guild, pair):
    alice, bob = pair
    bob.send("rtc_answer", {"targetUserId": guild.alice.id, "answer": {"type": "answer", "sdp": "v=0 answer"}})
    assert heard(alice, "rtc_answer")["data"] == {"channelId": guild.voice, "fromUserId": guild.bob.id,
                                                   "answer": {"type": "answer", "sdp": "v=0 answer"}}
    candidate = {"candidate": "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", "sdpMid": "0",
                 "sdpMLineIndex": 0}
    bob.send("rtc_ice_candidate", {"targetUserId": guild.alice.id, "candidate": candidate})
    assert heard(alice, "rtc_ice_candidate")["data"] == {
        "channelId": guild.voice, "fromUserId": guild.bob.id, "candidate": {**candidate, "usernameFragment": None}}
    bob.send("rtc_ice_candidate", {"targetUserId": guild.alice.id, "candidate": None})  # end of candidates
    assert heard(alice, "rtc_ice_candidate")["data"]["candidate"] is None
    fits_the_document(alice, bob)


def test_someone_not_seated_cannot_signal(guild, pair, connect):
    alice, bob = pair
    carol = connect(guild.carol)
    carol.send("rtc_offer", offer(guild.bob))
    assert refused(carol) == {"message": "Вы не подключены к этому голосовому каналу", "code": "NOT_IN_VOICE"}
    nothing_of(bob, SIGNALS)


def test_a_tab_without_the_seat_cannot_signal(guild, pair, connect):
    alice, bob = pair
    other_tab = connect(guild.alice)
    other_tab.send("rtc_offer", offer(guild.bob))
    assert refused(other_tab)["code"] == "NOT_IN_VOICE"
    nothing_of(bob, SIGNALS)


@pytest.mark.parametrize("where", ["nowhere", "other channel", "unknown user"])
def test_the_target_must_sit_in_the_same_channel(guild, pair, connect, where):
    alice, bob = pair
    carol = connect(guild.carol)
    if where == "other channel":
        seated(carol, guild.lounge, session="carol")
    target = 999_999 if where == "unknown user" else guild.carol.id
    alice.send("rtc_offer", {"targetUserId": target, "sdp": "v=0"})
    assert refused(alice) == {"message": "Участник не найден в этом голосовом канале",
                              "code": "VOICE_PEER_NOT_FOUND"}
    nothing_of(carol, SIGNALS)


def test_nobody_signals_themselves(guild, pair):
    alice, _ = pair
    alice.send("rtc_offer", offer(guild.alice))
    assert refused(alice) == {"message": "Нельзя отправить сигнал самому себе", "code": "BAD_REQUEST"}
    nothing_of(alice, SIGNALS)


@pytest.mark.parametrize("kind, data, field, message", [
    ("rtc_offer", {"sdp": "x" * 12001}, "sdp", "Описание сеанса слишком длинное (максимум 12000 символов)"),
    ("rtc_offer", {"offer": {"type": "offer", "sdp": "x" * 12001}}, "offer",
     "Описание сеанса слишком длинное (максимум 12000 символов)"),
    ("rtc_offer", {"offer": {"type": "answer", "sdp": "v=0"}}, "offer", "Неверный тип описания сеанса"),
    ("rtc_answer", {"answer": {"type": "offer", "sdp": "v=0"}}, "answer", "Неверный тип описания сеанса"),
    ("rtc_offer", {}, "sdp", "Укажите описание сеанса (SDP)"),
    ("rtc_offer", {"sdp": 5}, "sdp", "Укажите описание сеанса (SDP)"),
    ("rtc_offer", {"offer": "v=0"}, "offer", "Неверный тип описания сеанса"),
    ("rtc_offer", {"targetUserId": "3", "sdp": "v=0"}, "targetUserId", "Некорректный идентификатор"),
    ("rtc_ice_candidate", {"candidate": "candidate:1"}, "candidate", "Некорректный ICE-кандидат"),
    ("rtc_ice_candidate", {"candidate": {"candidate": "c" * 1025}}, "candidate", "Некорректный ICE-кандидат"),
    ("rtc_ice_candidate", {"candidate": {"candidate": "c", "sdpMLineIndex": "0"}}, "candidate",
     "Некорректный ICE-кандидат"),
    ("rtc_ice_candidate", {}, "candidate", "Некорректный ICE-кандидат"),
])
def test_a_malformed_signal_is_refused_and_relays_nothing(guild, pair, kind, data, field, message):
    alice, bob = pair
    alice.send(kind, {"targetUserId": guild.bob.id, **data}, message_id="bad")
    frame = heard(alice, "error")
    assert frame["messageId"] == "bad" and frame["data"] == {
        "message": message, "code": "VALIDATION_ERROR", "errors": {field: message}}
    nothing_of(bob, SIGNALS)


def test_signalling_has_its_own_rate_and_chat_frames_keep_theirs(app, guild, connect):
    app.config.update(VOICE_SIGNAL_BURST=5, VOICE_SIGNAL_RATE=0.5)
    alice, bob = connect(guild.alice), connect(guild.bob)
    seated(alice, guild.voice)  # one of the five
    seated(bob, guild.voice, session="bob")
    for number in range(8):
        alice.send("rtc_ice_candidate", {"targetUserId": guild.bob.id, "candidate": {"candidate": f"c{number}"}})
    frames = alice.frames_within(1.0)
    errors = [f["data"] for f in frames if f["type"] == "error"]
    assert errors == [{"message": "Слишком много сообщений", "code": "RATE_LIMITED"}] * 4
    relayed = [f for f in bob.frames_within(0.5) if f["type"] == "rtc_ice_candidate"]
    assert [f["data"]["candidate"]["candidate"] for f in relayed] == ["c0", "c1", "c2", "c3"]
    alice.send("ping", message_id="still")  # the general bucket is untouched
    assert heard(alice, "pong")["messageId"] == "still"
