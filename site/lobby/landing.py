"""The public landing page."""
from flask import Blueprint, render_template

blueprint = Blueprint("landing", __name__)

FEATURES = (
    {
        "icon": "zap",
        "title": "Быстрый чат",
        "text": "Мгновенные сообщения, реакции и файлы — всё, что нужно для общения в команде.",
    },
    {
        "icon": "mic",
        "title": "Голосовые каналы",
        "text": "Чистый звук и видео: заходите в канал и играйте вместе, не отвлекаясь.",
    },
    {
        "icon": "sliders",
        "title": "Гибкие настройки",
        "text": "Настройте интерфейс и уведомления под себя: тема, акцент, звуки и многое другое.",
    },
)


@blueprint.get("/")
def index():
    return render_template("landing.html", features=FEATURES)
