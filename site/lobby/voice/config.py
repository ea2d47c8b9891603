"""Voice settings: their defaults, how the environment spells them, and what a client is told
(`voice_config`: `GET /api/voice/config` and the /app page's seed)."""
from __future__ import annotations

import json

# The spec's three public STUN servers; none are needed on a LAN, and production behind NAT adds
# a TURN server (coturn) through ICE_SERVERS.
DEFAULT_ICE_SERVERS = ({"urls": "stun:stun.l.google.com:19302"}, {"urls": "stun:stun1.l.google.com:19302"},
                       {"urls": "stun:stun2.l.google.com:19302"})

DEFAULTS = {
    "VOICE_CHANNEL_LIMIT": 8,  # a mesh: each person sends their audio to every other, so it stays small
    "VOICE_GRACE_SECONDS": 15.0,  # a dropped socket keeps its seat this long, for a reconnect to resume it
    "VOICE_MAX_SDP": 12000,  # characters of one offer or answer
    "VOICE_SIGNAL_RATE": 50.0,  # signalling frames a second, per person (candidates come in bursts)
    "VOICE_SIGNAL_BURST": 200,
    # What one person's voice frames make the server tell a whole server (news.py) or the other
    # person of a DM (calls.py). Joins (a move and a new tab included; a resume is free): at most
    # this many per person in any window, across tabs and processes; then 429 RATE_LIMITED.
    "VOICE_JOIN_LIMIT": 10,
    "VOICE_JOIN_WINDOW": 60.0,  # seconds
    # One person's state news (mute, deafen, camera, screen, speaking): at most one broadcast per
    # gap; changes within it are told together, as the state they end in, at its end.
    "VOICE_STATE_GAP": 0.5,  # seconds
    # A call rings once, and may be declined while it rings (as long as the callee's prompt rings);
    # unanswered this long, it ends for the caller and is a missed call. A new call rings only once
    # the cooldown after the last one ended is over, so a caller leaving and coming back at once,
    # or again and again, rings nobody.
    "VOICE_RING_SECONDS": 30.0,
    "VOICE_CALL_COOLDOWN": 10.0,
}


def ice_servers(raw: str | None) -> tuple[dict, ...]:
    """ICE_SERVERS: a JSON list of RTCIceServer objects (`urls`, and `username`/`credential` for
    TURN). Anything else stops the start, as a wrong setting should."""
    if not raw:
        return DEFAULT_ICE_SERVERS
    found = json.loads(raw)
    if not isinstance(found, list) or not all(isinstance(s, dict) and s.get("urls") for s in found):
        raise ValueError("ICE_SERVERS: a JSON list of objects with `urls`, e.g. [{\"urls\": \"stun:stun.example:3478\"}]")
    return tuple(found)


def voice_config(app) -> dict:
    """What a client needs before it joins. With ICE_LOOPBACK_ONLY (tests only) the client keeps
    loopback candidates alone, so it needs no ICE server at all."""
    config = app.config
    loopback = bool(config.get("ICE_LOOPBACK_ONLY"))
    return {"iceServers": [] if loopback else [dict(s) for s in config.get("ICE_SERVERS", DEFAULT_ICE_SERVERS)],
            "limit": int(config["VOICE_CHANNEL_LIMIT"]), "loopbackOnly": loopback,
            "ringSeconds": float(config["VOICE_RING_SECONDS"])}
