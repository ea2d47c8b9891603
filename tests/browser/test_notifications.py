"""Notifications and mentions in the browser: a mention lights the bell live and its panel opens
the channel; more than nine read '9+' and older ones page in; the composer's '@' list picks a
member and the message shows the chip (and the row is highlighted for the one called); 'Прочитать
все' in one tab clears the other; the user goes idle without input and comes back."""
import time

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Server
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_until_url
from tests.browser.test_chat import wait_for_message
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser

SCREENSHOT = "/tmp/lobby-notifications-panel.png"


@pytest.fixture
def second_browser():
    driver = start_browser()
    yield driver
    driver.quit()


def oleg_joins(app, server_id: int) -> None:
    make_person(app, "oleg", "Олег")
    with app.app_context():
        servers.do_join(db.session.get(Server, server_id), find_user("oleg"))


def oleg_says(app, channel_id: int, text: str) -> None:
    with app.app_context():
        do_send_message(find_user("oleg"), channel_id, text)


def wait_for_sockets(app, username: str, count: int = 1) -> None:
    with app.app_context():
        user_id = find_user(username).id
    hub = app.extensions["lobby.hub"]
    WebDriverWait(None, 15).until(lambda _: len(list(hub.connections_of(user_id))) >= count,
                                  message=f"{username} never had {count} socket(s)")


def badge(driver) -> str | None:
    """The badge's text, or None without one (read in one go: it may vanish between two calls)."""
    return driver.execute_script("return document.querySelector('.notif-bell .notif-badge')?.textContent ?? null")


def bell_label(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".notif-bell").get_attribute("aria-label")


def open_channel(driver, live, server_id: int, channel_id: int) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")


def test_a_mention_lights_the_bell_live_and_the_panel_opens_the_channel(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    sign_in(browser, live, "vera")
    wait_for(browser, ".notif-bell")
    wait_for_sockets(app, "vera")
    assert badge(browser) is None and bell_label(browser) == "Уведомления"

    oleg_says(app, general_id, "@vera смотри, что нашёл")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "1")
    assert bell_label(browser) == "Уведомления, непрочитанных: 1"

    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    panel = wait_for(browser, ".notif-panel")
    item = wait_for(browser, ".notif-item.is-unread")
    assert "Олег Тестова" in item.text and "общий" in item.text  # the display name (first and last name)
    assert browser.find_elements(By.CSS_SELECTOR, ".notif-item .notif-item__dot")
    browser.save_screenshot(SCREENSHOT)
    assert "Прочитать все" in panel.text

    item.click()
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{general_id}")
    WebDriverWait(browser, 10).until(lambda d: badge(d) is None)
    assert not browser.find_elements(By.CSS_SELECTOR, ".notif-panel")  # closed on the way
    row = wait_for_message(browser, "@vera смотри, что нашёл")
    assert "is-mentioned" in row.get_attribute("class").split()
    chip = row.find_element(By.CSS_SELECTOR, ".mention")
    assert chip.text == "@vera" and "mention--me" in chip.get_attribute("class")

    # Read stays read after a reload (the server's word, not only this page's).
    browser.refresh()
    wait_for_island(browser, "app-shell")
    wait_for(browser, ".notif-bell")
    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    wait_for(browser, ".notif-item")
    assert badge(browser) is None and not browser.find_elements(By.CSS_SELECTOR, ".notif-item.is-unread")


def test_more_than_nine_read_9_plus_and_older_ones_page_in(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    for n in range(25):
        oleg_says(app, general_id, f"@vera вопрос {n}")
    sign_in(browser, live, "vera")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "9+")
    assert bell_label(browser) == "Уведомления, непрочитанных: 25"

    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".notif-item")) == 20)
    browser.execute_script("const s = document.querySelector('.notif-panel__scroller'); s.scrollTop = s.scrollHeight;")
    WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".notif-item")) == 25)
    assert not browser.find_elements(By.CSS_SELECTOR, ".notif-panel__more")  # no older page left
    # Escape closes the panel and gives the focus back to the bell.
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".notif-panel"))
    assert browser.switch_to.active_element.get_attribute("class").split().count("notif-bell") == 1


def test_the_mention_autocomplete_picks_a_member_and_the_message_shows_the_chip(browser, second_browser, live, app,
                                                                                guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, general_id)

    box = wait_for(browser, "#composer")
    box.send_keys("Привет, @ol")
    option = wait_for(browser, "[role=listbox] [role=option][data-username='oleg']")
    assert option.get_attribute("aria-selected") == "true"
    assert box.get_attribute("aria-activedescendant") == option.get_attribute("id")
    box.send_keys(Keys.ENTER)  # picks, does not send
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "[role=listbox]"))
    assert box.get_attribute("value") == "Привет, @oleg "
    box.send_keys("идёшь в рейд?", Keys.ENTER)
    row = wait_for_message(browser, "Привет, @oleg идёшь в рейд?")
    WebDriverWait(browser, 10).until(lambda d: row.find_elements(By.CSS_SELECTOR, ".mention"))  # the server's answer
    assert row.find_element(By.CSS_SELECTOR, ".mention").text == "@oleg"
    assert "is-mentioned" not in row.get_attribute("class").split()  # vera is not the one called

    # The owner is offered @everyone; Escape closes the list and leaves the text.
    box.send_keys("@ev")
    wait_for(browser, "[role=option][data-username='everyone']")
    box.send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "[role=listbox]"))
    assert box.get_attribute("value") == "@ev"

    # Oleg, who was called, sees the row highlighted; he is offered no @everyone.
    sign_in(second_browser, live, "oleg")
    open_channel(second_browser, live, server_id, general_id)
    row = wait_for_message(second_browser, "Привет, @oleg идёшь в рейд?")
    assert "is-mentioned" in row.get_attribute("class").split()
    assert "mention--me" in row.find_element(By.CSS_SELECTOR, ".mention").get_attribute("class")
    wait_for(second_browser, "#composer").send_keys("@e")
    wait_for(second_browser, "[role=option][data-username='vera']")
    names = [o.get_attribute("data-username") for o in second_browser.find_elements(By.CSS_SELECTOR, "[role=option]")]
    assert names == ["vera"]


def test_read_all_in_one_tab_clears_the_badge_in_the_other(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    for n in range(3):
        oleg_says(app, general_id, f"@vera новость {n}")
    sign_in(browser, live, "vera")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "3")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(live.url + "/app")
    wait_for_island(browser, "app-shell")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "3")
    wait_for_sockets(app, "vera", 2)

    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    wait_for(browser, ".notif-item.is-unread")
    browser.find_element(By.XPATH, "//button[normalize-space()='Прочитать все']").click()
    WebDriverWait(browser, 10).until(lambda d: badge(d) is None)
    assert not browser.find_elements(By.CSS_SELECTOR, ".notif-item.is-unread")

    browser.switch_to.window(first)
    WebDriverWait(browser, 10).until(lambda d: badge(d) is None)
    assert bell_label(browser) == "Уведомления"


# The page's monotonic clock (live/idle.js reads it) ahead on demand: five minutes of no input
# without waiting five minutes (Date.now stays true: the socket's silence watchdog reads it).
SKEWED_CLOCK = """
window.clockAhead = 0;
const realNow = performance.now.bind(performance);
performance.now = () => realNow() + window.clockAhead;
"""


def my_status(driver) -> str:
    dot = driver.find_element(By.CSS_SELECTOR, ".app-user-menu .avatar .status-picker__dot")
    return next(c.rsplit("--", 1)[1] for c in dot.get_attribute("class").split() if c.startswith("status-picker__dot--"))


def test_no_input_for_five_minutes_is_idle_and_input_brings_the_user_back(browser, live, app, guild):
    driver = browser
    sign_in(driver, live, "vera")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SKEWED_CLOCK})
    driver.get(live.url + "/app")
    wait_for_island(driver, "app-shell")
    wait_for_sockets(app, "vera")
    WebDriverWait(driver, 10).until(lambda d: my_status(d) == "online")

    driver.execute_script("window.clockAhead = 6 * 60 * 1000;")
    WebDriverWait(driver, 25).until(lambda d: my_status(d) == "idle")  # the next check (every 15 s)
    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, ".app-topbar")).move_by_offset(5, 5).perform()
    WebDriverWait(driver, 5).until(lambda d: my_status(d) == "online")

    # A status the user chose is never overridden.
    driver.find_element(By.CSS_SELECTOR, "summary.user-menu__button").click()
    driver.find_element(By.XPATH, "//button[normalize-space()='Не беспокоить']").click()
    WebDriverWait(driver, 5).until(lambda d: my_status(d) == "dnd")
    driver.execute_script("window.clockAhead += 6 * 60 * 1000;")
    time.sleep(16)  # one check passes
    assert my_status(driver) == "dnd"

    # The custom status: at most 50 characters, shown in the menu, kept across a reload.
    driver.find_element(By.CSS_SELECTOR, "summary.user-menu__button").click()
    field = wait_for(driver, "#custom-status")
    field.send_keys("Рейд в 21:00 " * 5)
    assert len(field.get_attribute("value")) == 50
    field.send_keys(Keys.ENTER)
    # Saved on the server (PATCH /api/settings): the menu closes once it is.
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".app-user-menu").get_attribute("open") is None)
    driver.refresh()
    wait_for_island(driver, "app-shell")
    driver.find_element(By.CSS_SELECTOR, "summary.user-menu__button").click()
    assert wait_for(driver, ".user-menu__custom").text == ("Рейд в 21:00 " * 5)[:50].strip()


# A stand-in for the browser's Notification (headless Chromium shows none) and the page's
# visibility, installed before the page's scripts; every tone started is counted too.
FAKE_SYSTEM = """
window.shown = [];
window.asked = 0;
window.fakeHidden = false;
Object.defineProperty(Document.prototype, 'hidden', { get() { return window.fakeHidden; }, configurable: true });
class FakeNotification {
  static permission = 'default';
  static requestPermission() { window.asked += 1; FakeNotification.permission = 'granted'; return Promise.resolve('granted'); }
  constructor(title, options) { this.title = title; this.body = options.body; this.closed = false; window.shown.push(this); }
  close() { this.closed = true; }
}
window.Notification = FakeNotification;
window.tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.tones.push(this.frequency.value); return start.apply(this, args); };
"""


def test_a_mention_in_a_hidden_tab_shows_a_system_notification_and_plays_the_mention_sound(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    driver = browser
    sign_in(driver, live, "vera")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SYSTEM})
    driver.get(live.url + "/app")
    wait_for_island(driver, "app-shell")
    wait_for_sockets(app, "vera")

    # Permission is asked from a click in the panel, only while it is 'default'.
    wait_for(driver, ".notif-bell").click()
    assert driver.execute_script("return window.asked") == 0
    # The panel's code loads with the first hover or click of the bell: wait for it.
    WebDriverWait(driver, 5).until(lambda d: d.find_element(
        By.XPATH, "//button[normalize-space()='Включить уведомления в браузере']")).click()
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".notif-offer"))
    assert driver.execute_script("return window.asked") == 1
    driver.find_element(By.CSS_SELECTOR, ".notif-bell").click()  # closed again

    driver.execute_script("window.fakeHidden = true; document.dispatchEvent(new Event('visibilitychange'));")
    oleg_says(app, general_id, "@vera " + "очень длинное сообщение " * 10)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.shown.length") == 1)
    title, body = driver.execute_script("return [window.shown[0].title, window.shown[0].body]")
    assert title == "Олег Тестова" and "упомянул" in body and len(body) <= 101
    assert driver.execute_script("return window.tones") == [700]  # the mention tone
    WebDriverWait(driver, 8).until(lambda d: d.execute_script("return window.shown[0].closed"))  # after 5 s

    # A click on it opens the channel and reads the notification.
    driver.execute_script("window.fakeHidden = false; window.shown[0].onclick();")
    wait_until_url(driver, f"/app/servers/{server_id}/channels/{general_id}")
    WebDriverWait(driver, 10).until(lambda d: badge(d) is None)


def test_while_the_socket_is_down_the_badge_follows_by_polling(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    driver = browser
    sign_in(driver, live, "vera")
    wait_for(driver, ".notif-bell")
    wait_for_sockets(app, "vera")
    # The socket cannot come back (no new one can be made) and the open one is cut.
    driver.execute_script("window.WebSocket = class { constructor() { throw new Error('no sockets'); } };")
    with app.app_context():
        vera_id = find_user("vera").id
    for connection in app.extensions["lobby.hub"].connections_of(vera_id):
        connection.abort()
    WebDriverWait(None, 10).until(lambda _: not list(app.extensions["lobby.hub"].connections_of(vera_id)))

    oleg_says(app, general_id, "@vera ты тут?")
    WebDriverWait(driver, 20).until(lambda d: badge(d) == "1")  # the next poll (every 15 s)
    assert not list(app.extensions["lobby.hub"].connections_of(vera_id))  # it was the poll, not a socket
