"""The social half of Lobby end to end, in real browsers, every step through the UI: Olga finds
Pavel in the add-friend modal and asks him with a message; Pavel is told live (toast and bell
badge) and accepts; Olga sees him go offline when his browser closes; they write to each other in
a DM, live both ways; Pavel mentions Olga in their server's channel; Olga's bell and that
channel's mention count show it in both of her tabs; she opens the channel and both tabs clear."""
import contextlib

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.servers import actions as servers
from lobby.servers.validation import check_new_server
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_until_url
from tests.browser.test_friends import button_in, choose, open_friends, row, wait_for_toast
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_unread import badge, channel_link, dm_row, online

pytestmark = pytest.mark.browser


def until(driver, check, timeout: float = 15, message: str = ""):
    return WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
                         ).until(check, message=message)


def bell(driver) -> str | None:
    """The bell's red badge, or None without one (read in one go: it may vanish between two calls)."""
    return driver.execute_script("return document.querySelector('.notif-bell .notif-badge')?.textContent ?? null")


def message_list(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".message-list").text


@pytest.fixture
def browsers():
    started = []

    def start():
        started.append(start_browser())
        return started[-1]

    yield start
    for driver in started:
        with contextlib.suppress(Exception):  # the journey closes one itself
            driver.quit()


@pytest.mark.stack
def test_friends_dms_and_a_mention_from_request_to_read(app, live, browsers):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    with app.app_context():  # a server they share, with Pavel as its owner
        server = servers.do_create_server(find_user("pavel"), check_new_server({"name": "Гильдия", "template": "gaming"}))
        servers.do_join(server, find_user("olga"))
        server_id = server.id
    olga, olga_again, pavel = browsers(), browsers(), browsers()

    # Olga finds Pavel and asks him, with a message.
    sign_in(olga, live, "olga")
    open_friends(olga, live)
    button_in(olga.find_element(By.CSS_SELECTOR, ".friends-header"), "Добавить друга").click()
    wait_for(olga, "#add-friend-query").send_keys("pavel", Keys.ENTER)
    found = until(olga, lambda d: d.find_element(By.CSS_SELECTOR, ".found-row[data-username='pavel']"))
    olga.find_element(By.CSS_SELECTOR, ".add-friend__message").send_keys("Сыграем вечером?")
    button_in(found, "Добавить pavel").click()
    wait_for_toast(olga, "Запрос отправлен")
    button_in(olga.find_element(By.CSS_SELECTOR, ".add-friend .modal__footer"), "Закрыть").click()

    # Pavel, signed in elsewhere, is told at once: a toast and the bell's badge. He accepts.
    sign_in(pavel, live, "pavel")
    until(pavel, lambda d: bell(d) == "1", message="Pavel's bell never showed the request")
    open_friends(pavel, live)
    choose(pavel, "Запросы")
    card = row(pavel, "olga")
    assert "Сыграем вечером?" in card.text
    button_in(card, "Принять").click()
    wait_for_toast(pavel, "Запрос принят", "Ольга Тестова добавлен в друзья")
    wait_for_toast(olga, "Запрос принят", "Павел Тестова добавлен в друзья")
    # Her bell says so too; the notification opens the friends page and is read.
    until(olga, lambda d: bell(d) == "1", message="Olga's bell never showed the acceptance")
    olga.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    until(olga, lambda d: next((item for item in d.find_elements(By.CSS_SELECTOR, ".notif-item")
                                if "Павел Тестова принял(а) ваш запрос в друзья" in item.text), None)).click()
    until(olga, lambda d: bell(d) is None)
    choose(olga, "Все")
    until(olga, lambda d: "В сети" in row(d, "pavel").text)

    # Pavel's browser closes: Olga sees him go offline (after the reconnect grace).
    pavel.quit()
    until(olga, lambda d: "Не в сети" in row(d, "pavel").text, timeout=30, message="Pavel never went offline")

    # He comes back; Olga writes to him from the friends page, and they talk live.
    pavel = browsers()
    sign_in(pavel, live, "pavel")
    until(olga, lambda d: "В сети" in row(d, "pavel").text)
    button_in(row(olga, "pavel"), "Написать сообщение").click()
    with app.app_context():
        pavel_id = find_user("pavel").id
    wait_until_url(olga, f"/app/friends?dm={pavel_id}")
    online(olga)
    wait_for(olga, "#composer").send_keys("Привет! Во сколько рейд?", Keys.ENTER)
    until(pavel, lambda d: "Привет! Во сколько рейд?" in dm_row(d, "Ольга Тестова").text, message="no DM in Pavel's list")
    dm_row(pavel, "Ольга Тестова").click()
    until(pavel, lambda d: "Привет! Во сколько рейд?" in message_list(d))
    online(pavel)
    wait_for(pavel, "#composer").send_keys("В девять, заходи в Гильдию", Keys.ENTER)
    until(olga, lambda d: "В девять, заходи в Гильдию" in message_list(d), message="Pavel's answer never came live")

    # Olga's second tab looks at the server's channel list; her first stays in the DM.
    sign_in(olga_again, live, "olga")
    olga_again.get(f"{live.url}/app/servers/{server_id}")
    until(olga_again, lambda d: channel_link(d, "общий"))
    online(olga_again)

    # Pavel mentions her in #общий, picking her name from the autocomplete.
    pavel.get(f"{live.url}/app/servers/{server_id}")
    until(pavel, lambda d: channel_link(d, "общий")).click()
    online(pavel)
    box = wait_for(pavel, "#composer")
    box.send_keys("@ol")
    wait_for(pavel, "[role=listbox] [role=option][data-username='olga']")
    box.send_keys(Keys.ENTER)
    box.send_keys("ты с нами?", Keys.ENTER)

    # Her bell and the channel's mention count show it, in both tabs.
    until(olga, lambda d: bell(d) == "1", message="Olga's bell never showed the mention")
    until(olga_again, lambda d: bell(d) == "1")
    until(olga_again, lambda d: badge(channel_link(d, "общий"), ".mention-pill") == "1",
          message="no mention count on #общий")

    # She opens the channel in her first tab: both tabs clear, bell and channel alike.
    olga.get(f"{live.url}/app/servers/{server_id}")
    until(olga, lambda d: channel_link(d, "общий")).click()
    until(olga, lambda d: "ты с нами?" in message_list(d))
    until(olga_again, lambda d: badge(channel_link(d, "общий"), ".mention-pill") is None,
          message="the second tab kept the mention count")
    until(olga, lambda d: bell(d) is None, message="the bell kept its badge after the channel was read")
    until(olga_again, lambda d: bell(d) is None)
