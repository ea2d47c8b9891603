"""Voice: who sits in which voice channel (a server's VOICE channel, or a DM for a call), and the
WebRTC signalling between them on the live socket. Media flows peer to peer; the server only
keeps the seats (`store.py`: memory when embedded, Redis in production) and relays offers,
answers and candidates between two people seated in the same channel."""
from __future__ import annotations


def init_app(app) -> None:
    """After `realtime.init_app`: seats are told through its bus and hub."""
    from lobby.voice.seats import voice_for

    app.extensions["lobby.voice"] = voice_for(app)
