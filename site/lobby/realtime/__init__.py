"""Live events: the bus fans events out to every process's hub, the hub to its sockets."""
from __future__ import annotations


def init_app(app) -> None:
    """The `/ws` gateway, this process's hub and presence; tunables default from the gateway."""
    from lobby.realtime import gateway
    from lobby.realtime.hub import Hub
    from lobby.realtime.admission import Gate
    from lobby.realtime.presence import presence_for
    from lobby.realtime.reading import NoReader
    from lobby.realtime.socket_cap import seats_for
    from lobby.realtime.budgets import Budgets

    for key, value in gateway.SETTINGS.items():
        app.config.setdefault(key, value)
    # simple-websocket closes (1009) past this size without buffering it; up to it, an oversized
    # frame only gets an error frame (SOCKET_MAX_FRAME) and the socket carries on. It starts no
    # reader thread: the gateway reads in place (reading.py).
    app.config.setdefault("SOCK_SERVER_OPTIONS", {"max_message_size": 4 * int(app.config["SOCKET_MAX_FRAME"]),
                                                  "thread_class": NoReader})
    app.extensions["lobby.hub"] = Hub(app.extensions["lobby.bus"])
    app.extensions["lobby.gate"] = Gate(app)
    app.extensions["lobby.bus"].on_recovered(app.extensions["lobby.gate"].recheck)
    app.extensions["lobby.presence"] = presence_for(app)
    app.extensions["lobby.seats"] = seats_for(app.config)
    app.extensions["lobby.budgets"] = Budgets(app.config)
    app.register_blueprint(gateway.blueprint)
