"""The top bar's game centre in the browser: the greeting, the voice section out of voice, the ping
that is the live socket's measured round trip (a delay put on the page's ping frames shows in it,
and a longer one shows longer), 'Друзей онлайн' rising live when a friend comes online in a second
browser, the unread badge ('9+' above 9), and each menu entry going where the spec says — in the
app and on a full load of its address."""
import contextlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.messages.sending import do_send_message
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_until_url
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_friends import befriend
from tests.browser.test_notifications import oleg_joins, wait_for_sockets
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser

# Before the page's own scripts: every `ping` frame the page sends leaves `window.pingDelay` ms late.
# The round trip the page measures must then be at least that long.
DELAY_PINGS = """
window.pingDelay = 400;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === 'string' && data.startsWith('{"type":"ping"')) {
    setTimeout(() => { try { send.call(this, data); } catch (error) { /* closed meanwhile */ } }, window.pingDelay);
    return;
  }
  return send.call(this, data);
};
"""


@pytest.fixture
def second_browser():
    driver = start_browser()
    yield driver
    with contextlib.suppress(Exception):  # a test may have closed it already (someone leaving)
        driver.quit()


def open_game_centre(driver):
    wait_for(driver, ".game-centre__button").click()
    return wait_for(driver, "#game-centre-panel")


def close_game_centre(driver) -> None:
    driver.find_element(By.CSS_SELECTOR, ".game-centre__button").click()
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#game-centre-panel"))


def stat(driver, name: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, f"#game-centre-panel [data-stat='{name}']").text


def ping_ms(driver) -> int | None:
    value = driver.execute_script(
        "return document.querySelector(\"#game-centre-panel [data-stat='ping']\")?.dataset.ms ?? ''")
    return int(value) if value else None


def badge(driver) -> str | None:
    return driver.execute_script("return document.querySelector('.game-centre__badge')?.textContent ?? null")


def test_greeting_voice_section_and_a_ping_that_is_the_measured_round_trip(app, browser, live):
    make_person(app, "olga", "Ольга")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": DELAY_PINGS})
    sign_in(browser, live, "olga")
    wait_for_sockets(app, "olga")

    panel = open_game_centre(browser)
    assert "Привет, Ольга Тестова!" in panel.text  # her one name: first and last, no display name set
    assert "Не подключен" in panel.text and "Друзей онлайн" in panel.text and "Пинг" in panel.text
    for switch in panel.find_elements(By.CSS_SELECTOR, ".game-centre__switch"):
        assert switch.is_enabled()  # out of voice they choose how the next call starts, and say so
    assert "Так вы подключитесь к следующему звонку или каналу" in panel.text
    assert stat(browser, "friends-online") == "0"

    # The ping: a number of ms once the first pong is back, never less than the delay added to the ping.
    WebDriverWait(browser, 10).until(lambda d: ping_ms(d) is not None, message="no ping measured")
    shown = browser.execute_script(  # the figure and its text, read in one go (a new one comes every 10 s)
        "const ping = document.querySelector(\"#game-centre-panel [data-stat='ping']\");"
        "return [Number(ping.dataset.ms), ping.textContent];")
    assert 400 <= shown[0] < 5000
    assert shown[1] == f"{shown[0]} мс"

    # A slower way there shows as a longer round trip: the figure is measured, not written in.
    browser.execute_script("window.pingDelay = 1200;")
    close_game_centre(browser)
    open_game_centre(browser)  # each opening measures afresh
    WebDriverWait(browser, 10).until(lambda d: (ping_ms(d) or 0) >= 1200, message="the slower round trip never showed")
    assert ping_ms(browser) < 6000

    # Escape closes it, focus back on the button.
    browser.find_element(By.CSS_SELECTOR, "#game-centre-panel").click()
    browser.switch_to.active_element.send_keys("\ue00c")  # Escape
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#game-centre-panel"))


def test_friends_online_rise_live_and_the_unread_badge_reads_9_plus(app, browser, second_browser, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    befriend(app, "vera", "oleg")
    with app.app_context():
        for n in range(12):
            do_send_message(find_user("oleg"), general_id, f"@vera вопрос {n}")

    sign_in(browser, live, "vera")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "9+")
    # Twelve mentions and Oleg's accepted friend request: the screen reader hears the whole count.
    assert browser.find_element(By.CSS_SELECTOR, ".game-centre__button").get_attribute("aria-label") == \
        "Игровой центр, непрочитанных уведомлений: 13"
    open_game_centre(browser)
    WebDriverWait(browser, 10).until(lambda d: stat(d, "friends-online") == "0")
    friends_entry = browser.find_element(By.CSS_SELECTOR, "#game-centre-panel [data-entry='friends']")
    assert not friends_entry.find_elements(By.CSS_SELECTOR, ".game-centre__count")  # no badge at zero

    sign_in(second_browser, live, "oleg")  # Oleg comes online: Vera's open dropdown counts him
    WebDriverWait(browser, 10).until(lambda d: stat(d, "friends-online") == "1")
    count = browser.find_element(By.CSS_SELECTOR, "#game-centre-panel [data-entry='friends'] .game-centre__count")
    assert count.text == "1"

    second_browser.quit()  # and leaves: after the reconnect grace he is offline
    WebDriverWait(browser, 30).until(lambda d: stat(d, "friends-online") == "0")


def test_each_menu_entry_goes_where_the_spec_says(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")

    def choose(entry: str) -> None:
        open_game_centre(browser)
        browser.find_element(By.CSS_SELECTOR, f"#game-centre-panel [data-entry='{entry}']").click()
        WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#game-centre-panel"))

    entries = {item.get_attribute("data-entry"): item.text
               for item in open_game_centre(browser).find_elements(By.CSS_SELECTOR, "[data-entry]")}
    assert [entries[key].split("\n")[-1] for key in ("gaming", "discover", "create", "friends", "settings")] == \
        ["Ctrl+G", "Ctrl+F", "Ctrl+Alt+N", "Ctrl+U", "Ctrl+,"]  # Ctrl+N never reaches a page: a new window
    close_game_centre(browser)

    browser.execute_script("window.stayedOnThePage = true")  # gone after a full load
    choose("gaming")
    wait_until_url(browser, "/gaming")
    wait_for(browser, "h1#friends-title")  # the game panel shows the friends page in the app
    choose("discover")
    wait_until_url(browser, "/app/discover")
    wait_for(browser, "dialog[open]")
    browser.find_element(By.CSS_SELECTOR, "dialog[open]").send_keys("\ue00c")
    wait_until_url(browser, "/app")
    choose("create")
    wait_until_url(browser, "/app/create-server")
    wait_for(browser, "dialog[open] #server-name")
    browser.find_element(By.CSS_SELECTOR, "dialog[open] #server-name").send_keys("\ue00c")
    wait_until_url(browser, "/app")
    choose("friends")
    wait_until_url(browser, "/friends")
    wait_for(browser, "h1#friends-title")
    choose("settings")
    wait_until_url(browser, "/app/settings")
    wait_for(browser, "dialog[open]")
    assert browser.execute_script("return window.stayedOnThePage === true")  # all of it without a page load

    # The 'open the game panel' button, and every address on a full load.
    browser.get(live.url + "/app")
    wait_for_island(browser, "app-shell")
    open_game_centre(browser).find_element(By.CSS_SELECTOR, ".game-centre__open").click()
    wait_until_url(browser, "/gaming")
    wait_for(browser, "h1#friends-title")
    for path, sign in (("/friends", "h1#friends-title"), ("/gaming", "h1#friends-title"),
                       ("/app/discover", "dialog[open]"), ("/app/create-server", "dialog[open] #server-name")):
        browser.get(live.url + path)
        wait_for_island(browser, "app-shell")
        wait_for(browser, sign)
