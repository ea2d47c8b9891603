"""Hostile frames, drawn by Hypothesis: any text, any JSON (deep, wide, long, odd unicode), and
frames of every known type with fields of the wrong kind. Each gets `error` frames or a normal
answer, never an INTERNAL_ERROR; the socket stays open and answers the next ping; another user's
socket keeps receiving messages as before.

Deterministic (a fixed seed, no shrinking) and bounded: FRAMES frames over one socket."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, Phase, given, seed, settings, strategies as st

from lobby.realtime.handlers import HANDLERS

FRAMES = 400
KNOWN_TYPES = sorted(HANDLERS)
FIELDS = ["channelId", "messageId", "content", "emoji", "status", "customStatus", "targetUserId", "sdp", "type",
          "candidate", "muted", "deafened", "speaking", "nonce", "replyToId", "userId", "state"]

# Text that has broken parsers: control characters, surrogate-free astral planes, RTL marks,
# NUL, very long runs.
odd_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8", categories=("Cc", "Cf", "Zs", "So", "Mn")), max_size=40),
    st.sampled_from(["\u202e", "\x00", "\ufeff", "𝕃𝕠𝕓𝕓𝕪", "<script>alert(1)</script>", "NaN", "-0", "1e309"]),
    st.integers(min_value=1, max_value=3).map(lambda n: "ж" * (10 ** n)),  # under SOCKET_MAX_FRAME
)
scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                    st.floats(allow_nan=False, allow_infinity=False), odd_text)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.one_of(st.sampled_from(FIELDS), odd_text), inner, max_size=6)),
    max_leaves=30)
typed_frames = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(KNOWN_TYPES), odd_text)},
    optional={"data": st.one_of(json_values, st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5)),
              "messageId": json_values}).map(lambda frame: json.dumps(frame, ensure_ascii=False))
# Frames a handler reads: a known type, an object of its field names holding small numbers (real ids
# here), odd text or anything else.
field_values = st.one_of(st.integers(min_value=-1, max_value=12), scalars, json_values)
shaped_frames = st.fixed_dictionaries(
    {"type": st.sampled_from(KNOWN_TYPES), "data": st.dictionaries(st.sampled_from(FIELDS), field_values, max_size=6)},
    optional={"messageId": st.text(max_size=20)}).map(lambda frame: json.dumps(frame, ensure_ascii=False))
frames = st.one_of(shaped_frames, shaped_frames, shaped_frames, typed_frames,
                   json_values.map(lambda value: json.dumps(value, ensure_ascii=False)), odd_text)


def test_random_frames_get_errors_never_a_crash(app, community, connect):
    app.config.update(SOCKET_RATE=10_000.0, SOCKET_BURST=10_000, MESSAGE_SEND_LIMIT=10_000)
    fuzzed, bystander = connect(community.alice), connect(community.bob)
    bystander.send("join_channel", {"channelId": community.channel})
    bystander.expect("channel_joined", skip={"ping", "user_status", "channel_activity", "message_created"})
    asked = {"pings": 0}

    @seed(20261125)
    @settings(max_examples=FRAMES, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(frames)
    def survives(text):
        fuzzed.raw(text)
        asked["pings"] += 1
        tag = f"probe-{asked['pings']}"
        fuzzed.send("ping", message_id=tag)
        while True:
            frame = fuzzed.next(timeout=5)
            assert frame is not None, f"no answer after {text[:200]!r}"
            if frame["type"] == "error":
                assert frame["data"].get("code") != "INTERNAL_ERROR", f"{text[:200]!r} → {frame}"
            if frame["type"] == "pong" and frame.get("messageId") == tag:
                break

    survives()
    # The other person noticed nothing: a message still reaches them, once.
    sent = community.owner.post(f"/api/messages/{community.channel}/messages", json={"content": "всё ещё здесь"})
    assert sent.status_code == 201
    arrived = [frame for frame in bystander.frames_within(1.5)
               if frame["type"] == "new_message" and frame["data"]["content"] == "всё ещё здесь"]
    assert len(arrived) == 1 and arrived[0]["data"]["author"]["username"] == "owner"
