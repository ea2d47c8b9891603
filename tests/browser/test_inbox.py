"""The inbox clears itself (issue 29): a notification is read once what it is about is seen — a
friend request answered, a mention read in its channel — on every device at once; its words are
made in the reader's language of now; and a server muted from the chat header's bell keeps quiet:
no badge, no sound."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.friends.actions import do_send_request
from lobby.notifications.levels import do_set_server_notifications
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_chat import wait_for_message
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_friends import choose, open_friends, row
from tests.browser.test_members_drawer import others  # noqa: F401 (a fixture)
from tests.browser.test_notifications import (FAKE_SYSTEM, badge, make_person, oleg_joins, oleg_says, open_channel,
                                              wait_for_sockets)
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import channel_link, is_unread, wait_channel

pytestmark = pytest.mark.browser


def open_home(driver, live) -> None:
    driver.get(live.url + "/app")
    wait_for_island(driver, "app-shell")
    wait_for(driver, ".notif-bell")


def panel_texts(driver) -> list[str]:
    driver.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notif-item"))
    found = driver.execute_script(
        "return [...document.querySelectorAll('.notif-item__text')].map((item) => item.textContent)")
    driver.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    return found


def test_a_friend_request_accepted_on_one_device_clears_its_notification_on_the_other(app, browser, others, live):
    make_person(app, "vera", "Вера")
    make_person(app, "oleg", "Олег")
    sign_in(browser, live, "vera")  # her laptop, on her home screen
    phone = others(phone=True, width=390, height=844)
    sign_in(phone, live, "vera")  # her phone
    wait_for_sockets(app, "vera", count=2)
    with app.app_context():
        do_send_request(find_user("oleg"), "vera", None)
    for device in (browser, phone):
        WebDriverWait(device, 10).until(lambda d: badge(d) == "1")

    # She accepts on the phone, from her friends' requests, not from the notification.
    open_friends(phone, live)
    choose(phone, "Запросы")
    row(phone, "oleg").find_element(By.XPATH, ".//button[normalize-space()='Принять']").click()
    WebDriverWait(phone, 10).until(lambda d: badge(d) is None)
    WebDriverWait(browser, 10).until(lambda d: badge(d) is None)  # the laptop follows, without a reload
    assert panel_texts(browser) == ["Олег Тестова отправил(а) вам запрос в друзья"]
    assert not browser.find_elements(By.CSS_SELECTOR, ".notif-item.is-unread")


def test_a_mention_read_in_its_channel_clears_its_notification_elsewhere(app, browser, others, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    sign_in(browser, live, "vera")  # the app open at home
    wait_for_sockets(app, "vera")
    oleg_says(app, general_id, "@vera глянь на расписание")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "1")

    elsewhere = others()
    sign_in(elsewhere, live, "vera")
    open_channel(elsewhere, live, server_id, general_id)  # she reads the channel on another device
    wait_for_message(elsewhere, "@vera глянь на расписание")
    WebDriverWait(browser, 10).until(lambda d: badge(d) is None)
    WebDriverWait(elsewhere, 10).until(lambda d: badge(d) is None)


def test_old_notifications_read_in_the_language_switched_to(app, browser, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    oleg_says(app, general_id, "@vera привет")
    sign_in(browser, live, "vera")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "1")
    assert panel_texts(browser) == ["Олег Тестова упомянул(а) вас в #общий"]

    wait_for_sockets(app, "vera")
    with app.app_context():  # on another device: her open tabs reload in English
        do_update_settings(find_user("vera"), {"general": {"language": "en"}})
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
    wait_for_island(browser, "app-shell")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "1")
    assert panel_texts(browser) == ["Олег Тестова mentioned you in #общий"]


def menu_item(driver, label: str):
    return WebDriverWait(driver, 5).until(lambda d: d.find_element(
        By.XPATH, f"//div[@role='menu']//button[normalize-space()='{label}']"))


def rail_quiet(driver, server_id: int) -> bool:
    """The server's icon in the rail has no unread pill and no mention count."""
    return driver.execute_script("""
      const item = document.querySelector(`.rail-item[data-server-id='${arguments[0]}']`);
      return Boolean(item) && !item.classList.contains('is-unread') && !item.querySelector('.rail-item__count');
    """, server_id)


def test_a_muted_server_shows_no_badge_and_makes_no_sound(app, browser, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    sign_in(browser, live, "vera")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SYSTEM})
    open_channel(browser, live, server_id, general_id)

    # She mutes the server for an hour from the chat header's bell.
    bell = wait_for(browser, ".chat-header__server-bell")
    assert bell.get_attribute("aria-label") == "Уведомления сервера: только @упоминания"
    bell.click()
    menu_item(browser, "Без звука на 1 час").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".chat-header__server-bell")
                                     .get_attribute("aria-label").startswith("Уведомления сервера: без звука до "))
    browser.find_element(By.CSS_SELECTOR, ".chat-header__server-bell").click()
    assert menu_item(browser, "Только @упоминания").get_attribute("aria-checked") == "true"
    menu_item(browser, "Включить звук сервера")  # offered while muted
    webdriver_escape(browser)

    # In its other channel, Oleg mentions her in #общий: the channel list shows it (she is inside
    # the server), but the server's icon has no badge, the bell none, the title no count, no tone.
    channel_link(browser, "игра").click()
    wait_for_sockets(app, "vera")
    oleg_says(app, general_id, "@vera ты тут?")
    wait_channel(browser, "общий", is_unread)
    assert rail_quiet(browser, server_id)
    assert badge(browser) is None and browser.execute_script("return window.tones") == []
    assert not browser.title.startswith("(")

    # Unmuted (from another device, say): the next mention lights the icon and the bell, and sounds.
    with app.app_context():
        do_set_server_notifications(find_user("vera"), server_id, None, "off")
    WebDriverWait(browser, 10).until(lambda d: not rail_quiet(d, server_id))  # the mention waiting there shows
    oleg_says(app, general_id, "@vera а теперь?")
    WebDriverWait(browser, 10).until(lambda d: badge(d) == "1")
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.tones") == [700])


def webdriver_escape(driver) -> None:
    from selenium.webdriver.common.keys import Keys
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
