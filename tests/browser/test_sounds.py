"""The message sound (lib/sounds.js): another person's message plays the spec's 800 Hz tone; the
bell in the chat header turns it off, and the choice is remembered across page loads."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Server
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser

# Every tone the page starts, by frequency: installed before the page's own scripts.
COUNT_TONES = """
window.tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.tones.push(this.frequency.value); return start.apply(this, args); };
"""


def oleg_says(app, channel_id: int, text: str) -> None:
    with app.app_context():
        do_send_message(find_user("oleg"), channel_id, text)


def test_a_message_from_someone_else_plays_the_tone_until_the_bell_turns_it_off(browser, live, app, guild):
    server_id, general_id = guild
    make_person(app, "oleg", "Олег")
    with app.app_context():
        servers.do_join(db.session.get(Server, server_id), find_user("oleg"))
    driver = browser
    sign_in(driver, live, "vera")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_TONES})
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{general_id}")
    wait_for_island(driver, "app-shell")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")
    wait_for(driver, "#composer").click()  # a gesture: the page may start audio from now on

    oleg_says(app, general_id, "Привет!")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.tones") == [800])

    bell = driver.find_element(By.CSS_SELECTOR, ".chat-header__mute")
    assert bell.get_attribute("aria-pressed") == "false"
    bell.click()
    assert bell.get_attribute("aria-label") == "Включить звук сообщений"
    oleg_says(app, general_id, "Тишина?")
    WebDriverWait(driver, 10).until(lambda d: "Тишина?" in d.find_element(By.CSS_SELECTOR, ".message-list").text)
    assert driver.execute_script("return window.tones") == [800]

    driver.refresh()
    wait_for_island(driver, "app-shell")
    assert wait_for(driver, ".chat-header__mute").get_attribute("aria-pressed") == "true"
