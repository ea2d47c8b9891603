"""A timeout given to someone in a voice channel, in real browsers: their microphone is muted by the
server — their switch says so and stays off (trying to turn it on says why), the others see the
moderator's mark on their card and do not play their sound — until the timeout is lifted."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.extensions import db
from lobby.servers.access import membership_of
from lobby.servers.models import Server
from lobby.servers.timeouts import do_lift_timeout, do_timeout
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_voice import (app, browsers, card, connect, open_voice, user, voice_server,  # noqa: F401
                                      wait_connected, wait_for_toast)

pytestmark = pytest.mark.browser

SERVER_MUTED = "Микрофон отключён модератором"


def switch(driver):
    return driver.find_element(By.CSS_SELECTOR, ".voice-controls [data-voice='mute']")


def switch_says(driver, label: str, pressed: bool) -> None:
    WebDriverWait(driver, 10).until(lambda d: switch(d).get_attribute("aria-label") == label
                                    and switch(d).get_attribute("aria-pressed") == str(pressed).lower(),
                                    message=f"the microphone switch never said {label!r}")


def moderate(app, server_id: int, act) -> None:
    with app.app_context():
        server = db.session.get(Server, server_id)
        act(server, membership_of(user("olga"), server_id), user("pavel").id)


def played_volume(driver, user_id: int):
    return driver.execute_script(
        "const a = document.querySelector(`audio[data-user-id='${arguments[0]}']`); return a ? a.volume : null;", user_id)


def test_a_timeout_mutes_a_seat_until_it_is_lifted(app, live, browsers):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    server_id, channel_id = voice_server(app, "olga", "pavel")
    with app.app_context():
        pavel_id = user("pavel").id
    olga, pavel = browsers(), browsers()
    for driver, name in ((olga, "olga"), (pavel, "pavel")):
        sign_in(driver, live, name)
        open_voice(driver, live, server_id, channel_id)
        connect(driver)
    card(olga, "pavel")
    wait_connected(olga)
    WebDriverWait(olga, 15).until(lambda d: played_volume(d, pavel_id) == 1)

    moderate(app, server_id, lambda server, actor, target: do_timeout(server, actor, target, 600, "флуд"))
    switch_says(pavel, SERVER_MUTED, pressed=True)
    wait_for_toast(pavel, "Модератор отключил вам микрофон до конца тайм-аута")
    WebDriverWait(olga, 10).until(lambda d: card(d, "pavel").find_elements(
        By.CSS_SELECTOR, f".voice-mark--server[title='{SERVER_MUTED}']"))
    WebDriverWait(olga, 10).until(lambda d: played_volume(d, pavel_id) == 0)

    switch(pavel).click()  # he tries: the server says why not, and the switch stays off
    wait_for_toast(pavel, "Вы в тайм-ауте на этом сервере: говорить в голосовых каналах можно будет через 10 минут")
    switch_says(pavel, SERVER_MUTED, pressed=True)

    moderate(app, server_id, do_lift_timeout)
    switch_says(pavel, "Включить микрофон", pressed=True)  # his own switch now, still off
    switch(pavel).click()
    switch_says(pavel, "Выключить микрофон", pressed=False)
    WebDriverWait(olga, 10).until(lambda d: not card(d, "pavel").find_elements(By.CSS_SELECTOR, ".voice-mark--muted"))
    WebDriverWait(olga, 10).until(lambda d: played_volume(d, pavel_id) == 1)
