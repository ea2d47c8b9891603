"""A full load of an `/app` URL, read as HTML without JavaScript: the user's servers, the current
server's channels as links, a channel's latest messages; nothing of a server or channel the user
may not see."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from lobby.frame import Frame
from tests.servers.conftest import cheap_password_hashing, create_server, people  # noqa: F401  (shared)


def read(response) -> str:
    assert response.status_code == 200
    return unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def shown_list(html: str) -> str:
    """The message list as shown (the page also embeds the messages for the chat island)."""
    return re.search(r'<ol class="message-list">.*?</ol>', html).group(0)


def links(html: str) -> set[str]:
    return set(re.findall(r'href="(/app[^"]*)"', html))


@pytest.fixture
def world(people, create_server):
    owner = people("owner")
    server = create_server("owner", name="Гильдия", description="Рейды по пятницам")
    channels = owner.get(f"/api/servers/{server['id']}/channels").get_json()["channels"]
    text_channel = next(c for c in channels if c["type"] == "TEXT")
    return owner, server, channels, text_channel


def test_home_lists_the_users_servers_as_links(world):
    owner, server, _, _ = world
    html = read(owner.client.get("/app"))
    assert "Ваши серверы (1)" in html and "Гильдия" in html and "Рейды по пятницам" in html
    assert f"/app/servers/{server['id']}" in links(html)
    assert "Чату нужен JavaScript" in html and "/app/settings" in links(html)  # the settings work without it


def test_a_server_page_lists_its_channels_as_links(world):
    owner, server, channels, _ = world
    html = read(owner.client.get(f"/app/servers/{server['id']}"))
    assert "Текстовые каналы" in html and "Голосовые каналы" in html
    for channel in channels:
        assert f"/app/servers/{server['id']}/channels/{channel['id']}" in links(html)
        assert channel["name"] in html


def test_a_channel_page_shows_its_latest_messages_oldest_first(world, app):
    owner, server, _, channel = world
    app.config["MESSAGE_SEND_LIMIT"] = 100
    url = f"/api/messages/{channel['id']}/messages"
    for n in range(55):
        assert owner.post(url, json={"content": f"сообщение {n:02}"}).status_code == 201
    first = owner.post(url, json={"content": "<b>не жирный</b> ответ", "replyToId": None}).get_json()["message"]
    owner.post(url, json={"content": "ответ на него", "replyToId": first["id"]})
    html = read(owner.client.get(f"/app/servers/{server['id']}/channels/{channel['id']}"))
    shown = re.findall(r"сообщение (\d\d)", shown_list(html))
    assert shown == [f"{n:02}" for n in range(7, 55)]  # the latest 50 with the two after them
    assert "&lt;b&gt;" in owner.client.get(f"/app/servers/{server['id']}/channels/{channel['id']}").get_data(as_text=True)
    assert "@owner" in html and "ответ на него" in html  # the reply quotes its author
    assert 'aria-current="page"' in html and f"# {channel['name']}" in html


def test_a_voice_channel_page_shows_the_voice_view_before_and_without_javascript(world):
    owner, server, channels, _ = world
    voice = next(c for c in channels if c["type"] == "VOICE")
    html = read(owner.client.get(f"/app/servers/{server['id']}/channels/{voice['id']}"))
    view = re.search(r'<div class="voice-connect">.*?</div>', html).group(0)
    assert "Подключитесь к голосовому каналу для общения с участниками" in view
    assert "Подключиться к голосовому каналу" in view
    assert "Для голосовой связи нужен JavaScript" in view  # the button waits for the island
    assert f'<h1 id="channel-title" class="channel-screen__name">{voice["name"]}</h1>' in html
    seed = json.loads(re.search(r'<script type="application/json" id="app-seed">(.*?)</script>', html).group(1))
    assert seed["voice"]["limit"] == 8 and seed["voice"]["iceServers"]


def test_someone_elses_private_server_shows_nothing_of_it(world, people, create_server):
    _, _, _, _ = world
    create_server("owner", name="Тайная комната", isPublic=False)
    stranger = people("stranger")
    hidden = create_server("owner", name="Секрет", isPublic=False)
    channels = people("owner").get(f"/api/servers/{hidden['id']}/channels").get_json()["channels"]
    for url in (f"/app/servers/{hidden['id']}", f"/app/servers/{hidden['id']}/channels/{channels[0]['id']}"):
        html = read(stranger.client.get(url))
        assert "Сервер не найден" in html and "Секрет" not in html and channels[0]["name"] not in html


def test_a_channel_of_another_server_is_not_found_under_this_one(world, create_server):
    owner, server, _, _ = world
    other = create_server("owner", name="Второй")
    elsewhere = owner.get(f"/api/servers/{other['id']}/channels").get_json()["channels"][0]
    html = read(owner.client.get(f"/app/servers/{server['id']}/channels/{elsewhere['id']}"))
    assert "Канал не найден" in html


@pytest.mark.parametrize("path", ["/app/servers/99999999999999999999", "/app/nowhere", "/app/servers/1/channels/x"])
def test_odd_urls_are_a_page_not_a_crash(world, path):
    owner, _, _, _ = world
    html = read(owner.client.get(path))
    assert "не найден" in html


# The friends page (/app/friends and its aliases /friends, /gaming): the lists as plain HTML.

def test_the_friends_page_lists_friends_requests_and_blocked_people_without_javascript(people):
    vera, oleg, nina, ivan = people("vera"), people("oleg"), people("nina"), people("ivan")
    asked = vera.post("/api/friends/request", json={"username": "oleg"}).get_json()["request"]
    assert oleg.post(f"/api/friends/requests/{asked['id']}/accept").status_code == 200
    assert nina.post("/api/friends/request", json={"username": "vera", "message": "Сыграем <вечером>?"}).status_code == 201
    assert vera.post(f"/api/friends/{ivan.id}/block").status_code == 200
    for path in ("/app/friends", "/friends", "/gaming", "/app/friends?dm=1"):
        html = read(vera.client.get(path))
        assert "<h1 id=\"friends-title\" class=\"friends-header__title\">Друзья</h1>" in html
        assert "Все друзья — 1" in html and 'data-username="oleg"' in html and "Не в сети" in html
        assert "Входящие запросы — 1" in html and "Сыграем <вечером>?" in html  # as text, not markup
        assert "Заблокированные — 1" in html and 'data-username="ivan"' in html
    raw = vera.client.get("/friends").get_data(as_text=True)
    assert "&lt;вечером&gt;" in raw
    seed = json.loads(re.search(r'<script type="application/json" id="app-seed">(.*?)</script>', raw, re.S).group(1))
    assert [friend["username"] for friend in seed["friends"]["friends"]] == ["oleg"]
    assert seed["friends"]["incoming"][0]["fromUser"]["username"] == "nina"


def test_a_friends_page_with_nobody_says_so(people):
    html = read(people("loner").client.get("/gaming"))
    assert "Нет друзей" in html


def test_the_friends_aliases_need_a_sign_in(people):
    for path in ("/friends", "/gaming"):
        response = people("anonymous").client.get(path)
        assert response.status_code in (302, 303)
        assert response.headers["Location"].split("?")[0].rstrip("/").endswith(("/login", "/auth"))


def rail(html: str) -> str:
    return re.search(r'<nav class="rail".*?</nav>', html).group(0)


def test_every_page_draws_the_rail_in_the_persons_own_order(world, people, create_server):
    owner, server, _, channel = world
    second = create_server("owner", name="Кофейня")
    assert owner.post(f"/api/servers/{second['id']}/move", json={"position": 0}).status_code == 200
    for path in ("/app", f"/app/servers/{server['id']}", f"/app/servers/{server['id']}/channels/{channel['id']}"):
        shown = rail(read(owner.client.get(path)))
        assert re.findall(r'href="(/app/servers/\d+)"', shown) == [f"/app/servers/{second['id']}",
                                                                    f"/app/servers/{server['id']}"], path
        assert 'href="/app/friends" aria-label="Личные сообщения"' in shown
        assert 'aria-label="Создать сервер"' in shown and 'aria-label="Найти сервер"' in shown
    # The open server is marked; a letter tile has its colour from a class (no inline style under the CSP).
    shown = rail(read(owner.client.get(f"/app/servers/{server['id']}")))
    assert re.search(rf'<li class="rail-item is-active"> <a class="rail-item__button" href="/app/servers/{server["id"]}" '
                     r'aria-label="Гильдия" aria-current="true">', shown)
    assert re.search(r'server-icon--letter rail-item__icon hue-\d+" aria-hidden="true">Г<', shown)
    assert "style=" not in shown


def test_the_rails_letter_tiles_take_the_islands_hue():
    # islands/app/data/format.js serverColor(1, 'Гильдия') is hsl(108 55% 38%), (2, 'Кофейня') hsl(316 …).
    assert Frame.hue({"id": 1, "name": "Гильдия"}) == "hue-110"
    assert Frame.hue({"id": 2, "name": "Кофейня"}) == "hue-320"
