"""The public landing page."""
from flask import Blueprint, render_template

from lobby.i18n import N_, _

blueprint = Blueprint("landing", __name__)

FEATURES = (
    {
        "icon": "zap",
        "title": N_("Быстрый чат"),
        "text": N_("Мгновенные сообщения, реакции и файлы — всё, что нужно для общения в команде."),
    },
    {
        "icon": "mic",
        "title": N_("Голосовые каналы"),
        "text": N_("Чистый звук и видео: заходите в канал и играйте вместе, не отвлекаясь."),
    },
    {
        "icon": "sliders",
        "title": N_("Гибкие настройки"),
        "text": N_("Настройте интерфейс и уведомления под себя: тема, акцент, звуки и многое другое."),
    },
)


def in_reader_language(feature: dict) -> dict:
    title, words = feature["title"], feature["text"]
    return {**feature, "title": _(title), "text": _(words)}


@blueprint.get("/")
def index():
    return render_template("landing.html", features=[in_reader_language(feature) for feature in FEATURES])
