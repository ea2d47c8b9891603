"""The members drawer beside a channel: open by default and remembered across reloads once hidden;
the online members grouped by role and everyone offline in 'Не в сети'; a member coming online
moves to their role's group live, with their custom status; the profile card, whose 'Написать
сообщение' opens the conversation and whose 'Добавить в друзья' sends a request the other person is
told about at once; on a phone the drawer slides over the chat."""
import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.servers.models import Membership, Server
from lobby.servers.roles import do_set_role
from lobby.settings.actions import do_choose_status, do_update_settings
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_until_url
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_friends import befriend, wait_for_toast
from tests.browser.test_notifications import oleg_joins, wait_for_sockets
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def others():
    made = []

    def start(**options):
        made.append(start_browser(**options))
        return made[-1]

    yield start
    for driver in made:
        driver.quit()


def join(app, server_id: int, username: str, first_name: str, role: str = "member") -> None:
    make_person(app, username, first_name)
    with app.app_context():
        server = db.session.get(Server, server_id)
        from lobby.servers import actions as servers

        servers.do_join(server, find_user(username))
        if role != "member":
            owner = db.session.scalar(select(Membership).where(Membership.server_id == server_id,
                                                               Membership.role == "owner"))
            do_set_role(server, owner, find_user(username).id, role)


def open_channel(driver, live, server_id: int, channel_id: int) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for_island(driver, "app-shell")


def groups(driver) -> dict[str, list[str]]:
    """{group heading: usernames in it}, read in one go (rows move while we look)."""
    return driver.execute_script("""
      const found = {};
      for (const group of document.querySelectorAll('#members-drawer .members-group')) {
        const title = group.querySelector('.members-group__title').textContent;
        found[title] = [...group.querySelectorAll('.member-row')].map((row) => row.dataset.username);
      }
      return found;""")


def row(driver, username: str):
    return wait_for(driver, f"#members-drawer .member-row[data-username='{username}']")


def toggle(driver):
    return driver.find_element(By.CSS_SELECTOR, ".members-toggle")


def test_drawer_groups_follows_presence_and_is_remembered(app, browser, others, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    join(app, server_id, "nina", "Нина", role="moderator")
    join(app, server_id, "pavel", "Павел")

    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, general_id)
    wait_for(browser, "#members-drawer .members-group")
    assert toggle(browser).get_attribute("aria-expanded") == "true"  # open by default beside the chat
    WebDriverWait(browser, 10).until(lambda d: groups(d) == {
        "Владелец — 1": ["vera"], "Не в сети — 3": ["nina", "oleg", "pavel"]})

    # Hidden, and still hidden after a reload; shown again, and still shown.
    toggle(browser).click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#members-drawer"))
    open_channel(browser, live, server_id, general_id)
    wait_for(browser, ".members-toggle")
    assert toggle(browser).get_attribute("aria-expanded") == "false"
    assert not browser.find_elements(By.CSS_SELECTOR, "#members-drawer")
    toggle(browser).click()
    wait_for(browser, "#members-drawer .members-group")
    open_channel(browser, live, server_id, general_id)
    wait_for(browser, "#members-drawer .members-group")

    # No toggle where there is no channel.
    browser.find_element(By.CSS_SELECTOR, ".app-topbar__server").click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".members-toggle"))
    browser.back()
    wait_for(browser, "#members-drawer .members-group")

    # Nina (a moderator) and Oleg come online: each moves to their role's group, live.
    for username in ("nina", "oleg"):
        sign_in(others(), live, username)
        wait_for_sockets(app, username)
    WebDriverWait(browser, 10).until(lambda d: groups(d) == {
        "Владелец — 1": ["vera"], "Модераторы — 1": ["nina"], "Участники — 1": ["oleg"], "Не в сети — 1": ["pavel"]})
    assert row(browser, "oleg").get_attribute("data-status") == "online"

    # Oleg's custom status and do-not-disturb reach the drawer live.
    with app.app_context():
        do_choose_status(find_user("oleg"), "dnd", "Играю в шахматы")
    WebDriverWait(browser, 10).until(lambda d: "Играю в шахматы" in row(d, "oleg").text)
    assert row(browser, "oleg").get_attribute("data-status") == "dnd"


def test_profile_card_writes_and_asks_to_be_friends(app, browser, others, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    join(app, server_id, "pavel", "Павел")
    befriend(app, "vera", "oleg")
    with app.app_context():
        do_update_settings(find_user("oleg"), {"profile": {
            "displayName": "Олег Капитан", "bio": "Рейды по пятницам.", "pronouns": "он/его",
            "customStatus": "На связи вечером"}})
        oleg_id = find_user("oleg").id
    pavel = others()
    sign_in(pavel, live, "pavel")

    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, general_id)

    # Her own card: no buttons.
    row(browser, "vera").click()
    card = wait_for(browser, ".profile-card")
    assert "Это вы" in card.text and not card.find_elements(By.CSS_SELECTOR, "button")
    browser.switch_to.active_element.send_keys("\ue00c")  # Escape closes it
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".profile-card"))

    # Oleg's: his profile, his role, a friend already.
    row(browser, "oleg").click()
    card = wait_for(browser, f".profile-card[data-user-id='{oleg_id}']")
    for text in ("Олег Капитан", "@oleg", "он/его", "Участник", "На связи вечером", "О СЕБЕ", "Рейды по пятницам."):
        assert text in card.text  # the heading is set in capitals
    friend = card.find_element(By.CSS_SELECTOR, "[data-friend]")
    assert friend.text == "Уже друг" and not friend.is_enabled()
    card.find_element(By.XPATH, ".//button[normalize-space()='Написать сообщение']").click()
    wait_until_url(browser, f"/app/friends?dm={oleg_id}")
    wait_for(browser, "#composer")
    assert not browser.find_elements(By.CSS_SELECTOR, "#members-drawer")  # only beside a server channel

    # Pavel's (online, not a friend): ask him; the card says it went, Pavel is told at once.
    browser.back()
    wait_for(browser, "#members-drawer")
    row(browser, "pavel").click()
    card = wait_for(browser, ".profile-card")
    assert "Не в сети" not in card.text
    card.find_element(By.XPATH, ".//button[normalize-space()='Добавить в друзья']").click()
    WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".profile-card [data-friend]").text == "Запрос отправлен")
    assert not browser.find_element(By.CSS_SELECTOR, ".profile-card [data-friend]").is_enabled()
    wait_for_toast(pavel, "Новый запрос в друзья", "Вера Тестова хочет добавить вас в друзья")

    # A click elsewhere closes the card.
    browser.find_element(By.CSS_SELECTOR, "#channel-title").click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".profile-card"))


def test_on_a_phone_the_drawer_slides_over_the_chat_and_starts_closed(app, others, live, guild):
    server_id, general_id = guild
    phone = others(width=360, height=740, phone=True)
    sign_in(phone, live, "vera")
    open_channel(phone, live, server_id, general_id)
    wait_for(phone, ".members-toggle")
    assert not phone.find_elements(By.CSS_SELECTOR, "#members-drawer")
    toggle(phone).click()
    drawer = wait_for(phone, "#members-drawer .member-row[data-username='vera']")
    assert phone.execute_script(
        "return getComputedStyle(document.querySelector('#members-drawer')).position") == "absolute"
    assert drawer.is_displayed()
    scrim = phone.find_element(By.CSS_SELECTOR, ".members-scrim")  # the strip the drawer leaves uncovered
    ActionChains(phone).move_to_element_with_offset(scrim, -160, 0).click().perform()
    WebDriverWait(phone, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#members-drawer"))
