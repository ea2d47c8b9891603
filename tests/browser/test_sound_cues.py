"""The settings' notifications acting in the page, and the sounds of the twelve that come from
events rather than messages. Tones are counted as test_sounds.py counts them (by frequency, as the
page starts them), system notifications with test_notifications.py's stand-in.

- 'Уведомления' off (notifications.enabled) silences every sound, from the page's first moment and
  live, whether it was turned off in this page's settings dialog or on another device;
  'Уведомления браузера' off (notifications.browser) keeps the sound but shows no system notification.
- 'Реакция' (800 Hz) when someone else reacts to my message, 'Набор текста' (400 Hz) once when
  someone starts typing, 'Подключение' (700 Hz) when the socket is back after a drop, 'Конец
  звонка' (300 Hz) when the caller of a DM call hangs up."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.dms.actions import do_open_dm
from lobby.extensions import db
from lobby.friends import actions as friends
from lobby.friends.models import FriendRequest
from lobby.messages.reactions import do_add_reaction
from lobby.messages.sending import do_send_message
from lobby.settings.actions import do_update_settings
from lobby.settings.store import settings_of
from tests.accounts.conftest import PASSWORD
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_notifications import FAKE_SYSTEM, oleg_joins, oleg_says, wait_for_sockets
from tests.browser.test_servers import sign_in
from tests.browser.test_settings import saved
from tests.realtime.conftest import Socket

pytestmark = pytest.mark.browser

tones = lambda driver: driver.execute_script("return window.tones")  # noqa: E731
shown = lambda driver: driver.execute_script("return window.shown.length")  # noqa: E731


def settle(driver, count: int) -> None:
    """Wait until `count` tones were started (and not one more arrived meanwhile)."""
    WebDriverWait(driver, 10).until(lambda d: len(tones(d)) >= count, message=f"fewer than {count} tones")
    assert len(tones(driver)) == count, tones(driver)


def change(app, username: str, patch: dict) -> None:
    """A change made on another device: this tab hears `settings_changed`."""
    with app.app_context():
        do_update_settings(find_user(username), patch)


def open_channel_with_sound(driver, live, server_id: int, channel_id: int) -> None:
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SYSTEM})
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for_island(driver, "settings-live")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")
    wait_for(driver, "#composer").click()  # a gesture: the page may start audio from now on


def socket_of(app, live, username: str) -> Socket:
    answer = app.test_client().post("/api/auth/login", json={"emailOrUsername": username, "password": PASSWORD})
    socket = Socket(live.url, answer.get_json()["accessToken"])
    socket.expect("connected")
    return socket


def test_notifications_off_silences_sounds_from_the_first_moment_and_live(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    change(app, "vera", {"notifications": {"enabled": False}})
    driver = browser
    sign_in(driver, live, "vera")
    open_channel_with_sound(driver, live, server_id, general_id)
    wait_for_sockets(app, "vera")

    oleg_says(app, general_id, "Слышно?")  # off in the settings the page came with
    WebDriverWait(driver, 10).until(lambda d: "Слышно?" in d.find_element(By.CSS_SELECTOR, ".message-list").text)
    assert tones(driver) == []

    change(app, "vera", {"notifications": {"enabled": True}})  # on again, from another device
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".chat-header__mute")
                                    .get_attribute("aria-pressed") == "false")
    oleg_says(app, general_id, "А теперь?")
    settle(driver, 1)

    # Off in this page's settings dialog: htmx's `lobby:settings` tells the page.
    driver.find_element(By.CSS_SELECTOR, ".app-user-menu summary").click()
    driver.find_element(By.XPATH, "//a[normalize-space()='Настройки']").click()
    wait_for(driver, "dialog.settings-dialog[open]").find_element(
        By.XPATH, ".//a[normalize-space()='Уведомления и звуки']").click()
    toggle = wait_for(driver, "dialog[open] input[name='enabled'][type='checkbox']")
    toggle.find_element(By.XPATH, "..").click()
    saved(driver, "dialog[open]")
    driver.find_element(By.CSS_SELECTOR, "dialog[open] [data-settings-close]").click()  # back to the channel
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".chat-header__mute")
                                    .get_attribute("aria-pressed") == "true")
    oleg_says(app, general_id, "Тишина")
    WebDriverWait(driver, 10).until(lambda d: "Тишина" in d.execute_script(
        "return document.querySelector('.message-list').textContent"))
    assert len(tones(driver)) == 1
    assert notifications_of(app, "vera")["enabled"] is False

    driver.find_element(By.CSS_SELECTOR, ".chat-header__mute").click()  # the bell: heard again, saved
    WebDriverWait(None, 10).until(lambda _: notifications_of(app, "vera")["enabled"] is True)
    oleg_says(app, general_id, "Снова слышно")
    settle(driver, 2)


def notifications_of(app, username: str) -> dict:
    with app.app_context():
        return settings_of(find_user(username).id)["notifications"]


def test_browser_notifications_off_keeps_the_sound_but_shows_no_system_notification(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    change(app, "vera", {"notifications": {"browser": False}})
    driver = browser
    sign_in(driver, live, "vera")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SYSTEM})
    driver.get(f"{live.url}/app")  # a mention elsewhere: the channel is not on screen
    wait_for_island(driver, "settings-live")
    wait_for_sockets(app, "vera")
    wait_for(driver, ".notif-bell").click()  # a gesture, and the panel offers no permission prompt
    assert not driver.find_elements(By.CSS_SELECTOR, ".notif-offer")
    driver.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    driver.execute_script("Notification.permission = 'granted'; window.fakeHidden = true;"
                          "document.dispatchEvent(new Event('visibilitychange'))")

    oleg_says(app, general_id, "@vera раз")
    settle(driver, 1)  # the mention tone
    assert shown(driver) == 0

    change(app, "vera", {"notifications": {"browser": True}})  # reaches the socket before the mention
    oleg_says(app, general_id, "@vera два")
    WebDriverWait(driver, 10).until(lambda d: shown(d) == 1)


def test_a_reaction_to_my_message_and_someone_starting_to_type_sound_once(browser, live, app, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    change(app, "vera", {"notifications": {"sounds": {"typing": {"enabled": True, "volume": 0.2}}}})
    with app.app_context():
        mine = do_send_message(find_user("vera"), general_id, "Моё сообщение")["id"]
        theirs = do_send_message(find_user("oleg"), general_id, "Сообщение Олега")["id"]
    driver = browser
    sign_in(driver, live, "vera")
    open_channel_with_sound(driver, live, server_id, general_id)
    wait_for_sockets(app, "vera")

    with app.app_context():
        do_add_reaction(find_user("oleg"), theirs, "👍")  # on his own message: no sound for me
        do_add_reaction(find_user("oleg"), mine, "🔥")
    settle(driver, 1)
    assert tones(driver) == [800]

    oleg = socket_of(app, live, "oleg")
    try:
        oleg.send("join_channel", {"channelId": general_id})
        oleg.expect("channel_joined", skip={"ping", "user_status", "channel_activity", "unread_update"})
        for _ in range(3):  # a typist's frames repeat: one tone
            oleg.send("typing", {"channelId": general_id, "isTyping": True})
        WebDriverWait(driver, 10).until(lambda d: "печатает" in d.find_element(By.CSS_SELECTOR, ".typing-line").text)
        settle(driver, 2)
        assert tones(driver) == [800, 400]
    finally:
        oleg.close()


def test_the_socket_coming_back_after_a_drop_plays_the_connection_sound(browser, live, app, guild):
    server_id, general_id = guild
    driver = browser
    sign_in(driver, live, "vera")
    open_channel_with_sound(driver, live, server_id, general_id)
    wait_for_sockets(app, "vera")
    with app.app_context():
        vera_id = find_user("vera").id
    for connection in app.extensions["lobby.hub"].connections_of(vera_id):
        connection.abort()
    WebDriverWait(driver, 20).until(lambda d: tones(d) == [700], message="no connection sound")
    assert driver.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн"


def test_a_dm_call_whose_caller_hangs_up_plays_the_call_end_sound(browser, live, app, guild):
    oleg_joins(app, guild[0])
    with app.app_context():
        _, made = friends.do_send_request(find_user("oleg"), "vera", None)
        friends.do_accept(find_user("vera"), db.session.get(FriendRequest, made["id"]))
        channel, _ = do_open_dm(find_user("oleg"), find_user("vera").id)
        dm_id = channel.id
    driver = browser
    sign_in(driver, live, "vera")
    open_channel_with_sound(driver, live, *guild)
    wait_for_island(driver, "voice-panel")
    wait_for_sockets(app, "vera")

    oleg = socket_of(app, live, "oleg")
    try:
        oleg.send("rtc_join_channel", {"channelId": dm_id})
        wait_for(driver, ".incoming-call")
        WebDriverWait(driver, 5).until(lambda d: 700 in tones(d))  # the ring
        oleg.send("rtc_leave_channel", {"channelId": dm_id})
        WebDriverWait(driver, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".incoming-call"))
        WebDriverWait(driver, 5).until(lambda d: 300 in tones(d), message="no call_end tone")
    finally:
        oleg.close()
