"""Baseline: a minimal Flask-SocketIO broadcast server (async_mode='gevent'), what a Flask
developer would otherwise pick. Served like Lobby, by `gunicorn -k gevent`, one worker.

Events: on connect the client is told `connected`; `join_channel` → join the room, answer
`channel_joined`; `send_message` → `new_message` to the room, the sender included. The
websocket is simple-websocket (no gevent-websocket installed), the same stack as Lobby's, with
permessage-deflate dropped the same way: the request's `Sec-WebSocket-Extensions` is removed.

    gunicorn -k gevent -w 1 --worker-connections 10000 -b 127.0.0.1:PORT bench.baselines.socketio_gevent:app
"""
from __future__ import annotations

import itertools
import time

from flask import Flask, request
from flask_socketio import SocketIO, emit, join_room

flask_app = Flask(__name__)
socketio = SocketIO(flask_app, async_mode="gevent", cors_allowed_origins="*", http_compression=False,
                    logger=False, engineio_logger=False)
ids = itertools.count(1)


@socketio.on("connect")
def connected(auth=None):
    emit("connected", {"userId": next(ids), "sid": request.sid})


@socketio.on("join_channel")
def join_channel(data):
    channel = int(data["channelId"])
    join_room(f"channel:{channel}")
    emit("channel_joined", {"channelId": channel})


@socketio.on("send_message")
def send_message(data):
    channel = int(data["channelId"])
    message = {"id": next(ids), "channelId": channel, "content": data.get("content"), "nonce": data.get("nonce"),
               "createdAt": time.time()}
    emit("new_message", message, to=f"channel:{channel}")


def app(environ, start_response):
    environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)  # no permessage-deflate, as in Lobby
    return flask_app(environ, start_response)
