"""One name, one face (issue 29): Oleg chose to be «Олежка», and Vera sees «Олежка» wherever he
shows — his message in the chat, the typing line, the notifications, the DM list, the members
drawer, the moderation panel — with the same face everywhere, and the new name he picks on his
own device replaces it everywhere live, without a reload."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.dms.actions import do_open_dm
from lobby.friends.actions import do_send_request
from lobby.messages.sending import do_send_message
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_chat import wait_for_message
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_members_drawer import others  # noqa: F401 (a fixture)
from tests.browser.test_notifications import oleg_joins, oleg_says, open_channel, wait_for_sockets
from tests.browser.test_servers import click_text, sign_in

pytestmark = pytest.mark.browser


def call_himself(app, username: str, name: str) -> None:
    """A display name chosen in one's settings (on one's own device)."""
    with app.app_context():
        do_update_settings(find_user(username), {"profile": {"displayName": name}})


def befriend_and_write(app, text: str) -> None:
    """Oleg and Vera become friends, and Oleg writes to her directly."""
    with app.app_context():
        oleg, vera = find_user("oleg"), find_user("vera")
        do_send_request(oleg, "vera", None)
        do_send_request(vera, "oleg", None)  # asking back accepts
        channel, _ = do_open_dm(oleg, vera.id)
        do_send_message(oleg, channel.id, text)


def texts(driver, css: str) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent.trim())", css)


def face(driver, css: str) -> tuple[str, str]:
    """An avatar's initial and colour (or picture), for comparing one face across places."""
    return driver.execute_script("""
      const avatar = document.querySelector(arguments[0]);
      return avatar ? [avatar.textContent.trim(), avatar.style.background || avatar.getAttribute('src')] : null;
    """, css)


def test_a_person_has_one_name_and_face_in_every_place_and_a_new_one_shows_live(app, browser, others, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    call_himself(app, "oleg", "Олежка")
    befriend_and_write(app, "привет, это я")
    with app.app_context():
        oleg_id = find_user("oleg").id

    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, general_id)
    wait_for_sockets(app, "vera")
    oleg_says(app, general_id, "@vera смотри, что нашёл")

    # 1. His message in the chat.
    message = wait_for_message(browser, "@vera смотри, что нашёл")
    assert message.find_element(By.CSS_SELECTOR, ".message__author").text == "Олежка"
    in_chat = face(browser, f"li.message[data-message-id='{message.get_attribute('data-message-id')}'] .chat-avatar")

    # 2. The typing line, while he types on his own device.
    oleg = others()
    sign_in(oleg, live, "oleg")
    open_channel(oleg, live, server_id, general_id)
    wait_for(oleg, "#composer").send_keys("печатаю")
    WebDriverWait(browser, 10).until(lambda d: "Олежка печатает..." in d.find_element(By.CSS_SELECTOR, ".typing-line").text)

    # 3. The notifications: his friend request (read since she accepted it), his direct message, his mention.
    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    WebDriverWait(browser, 10).until(lambda d: len(texts(d, ".notif-item__text")) == 3)
    assert texts(browser, ".notif-item__text") == [
        "Олежка упомянул(а) вас в #общий", "Олежка написал(а) вам личное сообщение",
        "Олежка отправил(а) вам запрос в друзья"]
    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()

    # 4. The members drawer, and his profile card there (which alone adds his username).
    if not browser.find_elements(By.CSS_SELECTOR, "#members-drawer"):
        browser.find_element(By.CSS_SELECTOR, ".members-toggle").click()
    row = wait_for(browser, f"#members-drawer .member-row[data-user-id='{oleg_id}']")
    assert row.find_element(By.CSS_SELECTOR, ".member-row__name").text.split("\n")[0] == "Олежка"  # then ", В сети"
    assert face(browser, f"#members-drawer .member-row[data-user-id='{oleg_id}'] .chat-avatar") == in_chat
    row.click()
    card = wait_for(browser, ".profile-card")
    assert card.find_element(By.CSS_SELECTOR, ".profile-card__name").text == "Олежка"
    assert card.find_element(By.CSS_SELECTOR, ".profile-card__handle").text.startswith("@oleg")

    # 5. The moderation panel (Vera owns the server).
    browser.get(f"{live.url}/app/servers/{server_id}/admin")
    wait_for_island(browser, "app-shell")
    click_text(browser, "Участники", "button")
    moderated = wait_for(browser, "li.member-row[data-username='oleg']")
    assert moderated.find_element(By.CSS_SELECTOR, ".member-row__full").text == "Олежка"

    # 6. The DM list of her home.
    browser.get(f"{live.url}/app/friends")
    wait_for_island(browser, "app-shell")
    WebDriverWait(browser, 10).until(lambda d: texts(d, "a.dm-row .dm-row__name") == ["Олежка"])
    assert face(browser, "a.dm-row .chat-avatar") == in_chat

    # A new name, chosen on his device: her open app follows at once, wherever it shows.
    call_himself(app, "oleg", "Олег Великий")
    WebDriverWait(browser, 10).until(lambda d: texts(d, "a.dm-row .dm-row__name") == ["Олег Великий"])
    open_channel(browser, live, server_id, general_id)
    row = wait_for_message(browser, "@vera смотри, что нашёл")
    assert row.find_element(By.CSS_SELECTOR, ".message__author").text == "Олег Великий"
    wait_for_sockets(app, "vera")
    call_himself(app, "oleg", "Олег Третий")  # and again, with the chat open: its messages follow live
    WebDriverWait(browser, 10).until(
        lambda d: wait_for_message(d, "@vera смотри, что нашёл").find_element(By.CSS_SELECTOR, ".message__author").text
        == "Олег Третий")
