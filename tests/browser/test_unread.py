"""What is unread, as a person sees it: a channel where someone else wrote turns bold with its count,
a mention shows the red pill (on the channel and on the server's card), opening the channel shows
the 'Новые сообщения' divider and clears it in every tab of that person at once; a DM appears in
the home view's 'Личные сообщения' with its badge, moves up when a new message comes, and opening
it shows the conversation and clears the badge."""
import os

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.dms.actions import do_open_dm
from lobby.extensions import db
from lobby.friends.actions import do_send_request
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Channel
from lobby.servers.validation import check_new_server
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_until_url
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("LOBBY_SCREENSHOTS")  # a folder: the sidebar's unread state is saved there


def until(driver, check, timeout: float = 10, message: str = ""):
    """Wait for `check`; the lists re-render as frames come in, so a row found may go stale."""
    return WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
                         ).until(check, message=message)


def shoot(driver, name: str) -> None:
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


@pytest.fixture
def second_tab():
    """The same person's second tab: another browser, so each has a window of its own in focus."""
    driver = start_browser()
    yield driver
    driver.quit()


def channel_link(driver, name: str):
    return driver.find_element(By.XPATH, f"//a[contains(@class,'channel-link')][.//span[normalize-space()='{name}']]")


def wait_channel(driver, name: str, check, timeout: float = 10):
    until(driver, lambda d: check(channel_link(d, name)), timeout, message=f"#{name} never matched")


def is_unread(link) -> bool:
    return "is-unread" in link.get_attribute("class")


def badge(link, css: str) -> str | None:
    found = link.find_elements(By.CSS_SELECTOR, css)
    return found[0].find_element(By.CSS_SELECTOR, "[aria-hidden='true']").text if found else None


def online(driver) -> None:
    until(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.connection-state')].every((e) => e.textContent === 'онлайн')"), 15)


@pytest.fixture
def guild(app):
    """`vera` owns 'Гильдия' (channels 'общий' and 'игра'); `olga` is a member."""
    make_person(app, "vera", "Вера")
    make_person(app, "olga", "Ольга")
    with app.app_context():
        vera = find_user("vera")
        server = servers.do_create_server(vera, check_new_server({"name": "Гильдия", "template": "gaming"}))
        servers.do_join(server, find_user("olga"))
        ids = {channel.name: channel.id for channel in db.session.scalars(
            select(Channel).where(Channel.server_id == server.id))}
        return server.id, ids


def say(app, username: str, channel_id: int, text: str) -> None:
    with app.app_context():
        do_send_message(find_user(username), channel_id, text)


@pytest.mark.stack
def test_unread_channels_mentions_the_divider_and_reading_in_every_tab(app, live, browser, second_tab, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    sign_in(second_tab, live, "olga")
    # Tab A on the server list, tab B on the server's overview with its channel list.
    second_tab.get(f"{live.url}/app/servers/{server_id}")
    wait_channel(second_tab, "общий", lambda link: not is_unread(link))
    wait_for(browser, "a.server-card")

    # Someone else writes in 'общий': bold with its count in B, a dot on the server's card in A.
    say(app, "vera", channels["общий"], "Кто сегодня в рейд?")
    wait_channel(second_tab, "общий", lambda link: is_unread(link) and badge(link, ".unread-count") == "1")
    assert not is_unread(channel_link(second_tab, "игра"))
    shoot(second_tab, "unread-count")
    until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".server-card.is-unread .server-card__dot"))

    # A mention: the red pill, on the channel and on the card.
    say(app, "vera", channels["общий"], "@olga ты с нами?")
    wait_channel(second_tab, "общий", lambda link: badge(link, ".mention-pill") == "1")
    until(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".server-card .server-card__mentions").text == "1")
    until(browser, lambda d: d.title.startswith("(1) "))
    shoot(second_tab, "unread-mention")
    shoot(browser, "unread-servers")

    # A opens the server, then the channel: the divider stands before the first unread message.
    browser.find_element(By.CSS_SELECTOR, "a.server-card.is-unread").click()
    wait_channel(browser, "общий", lambda link: badge(link, ".mention-pill") == "1")
    channel_link(browser, "общий").click()
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{channels['общий']}")
    online(browser)
    divider = wait_for(browser, "li.unread-divider")
    first_unread = divider.find_element(By.XPATH, "following-sibling::li[contains(@class,'message')][1]")
    assert "Кто сегодня в рейд?" in first_unread.text
    assert "НОВЫЕ СООБЩЕНИЯ" in divider.text.upper()
    shoot(browser, "unread-divider")

    # Read in A: cleared in B as well, and the title loses its count.
    wait_channel(second_tab, "общий", lambda link: not is_unread(link) and badge(link, ".mention-pill") is None)
    until(browser, lambda d: not d.title.startswith("("))
    # The divider stays while the channel is open, though the marker moved on.
    assert browser.find_elements(By.CSS_SELECTOR, "li.unread-divider")

    # A new message while A looks at the channel is read at once: B never sees it as unread for long.
    say(app, "vera", channels["общий"], "Сбор в 20:00")
    until(browser, lambda d: "Сбор в 20:00" in d.find_element(By.CSS_SELECTOR, ".message-list").text)
    wait_channel(second_tab, "общий", lambda link: not is_unread(link))

    # A reload keeps it read (the server holds the marker), and no divider comes back.
    browser.get(f"{live.url}/app/servers/{server_id}")
    wait_channel(browser, "общий", lambda link: not is_unread(link))
    assert not channel_link(browser, "общий").find_elements(By.CSS_SELECTOR, ".unread-count, .mention-pill")


PAVEL, VERA = "Павел Тестова", "Вера Тестова"  # DMs name people by their one name (issue 29)


def dm_row(driver, name: str):
    return driver.find_element(By.XPATH, f"//a[contains(@class,'dm-row')][.//*[normalize-space()='{name}']]")


def dm_names(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "a.dm-row .dm-row__name")]


def test_a_dm_shows_in_the_home_list_moves_up_and_opening_it_reads_it(app, live, browser):
    for username, first in (("olga", "Ольга"), ("pavel", "Павел"), ("vera", "Вера")):
        make_person(app, username, first)
    with app.app_context():
        olga = find_user("olga")
        for other in ("pavel", "vera"):  # friends: the default privacy lets friends write
            do_send_request(find_user(other), "olga", None)
            do_send_request(olga, other, None)
        dms = {other: do_open_dm(find_user(other), olga.id)[0].id for other in ("pavel", "vera")}
        pavel_id = find_user("pavel").id

    sign_in(browser, live, "olga")
    wait_for(browser, "#dm-list-title")
    online(browser)

    say(app, "pavel", dms["pavel"], "Привет! Идёшь сегодня?")
    until(browser, lambda d: "Привет! Идёшь сегодня?" in dm_row(d, PAVEL).text)
    until(browser, lambda d: badge(dm_row(d, PAVEL), ".mention-pill") == "1"
          and "is-unread" in dm_row(d, PAVEL).get_attribute("class"))

    # Newest first, live: vera writes later and goes on top; pavel's next message brings him back up.
    say(app, "vera", dms["vera"], "Вечером играем")
    until(browser, lambda d: dm_names(d)[:2] == [VERA, PAVEL])
    say(app, "pavel", dms["pavel"], "Жду ответа")
    until(browser, lambda d: dm_names(d)[:2] == [PAVEL, VERA])
    until(browser, lambda d: badge(dm_row(d, PAVEL), ".mention-pill") == "2")
    assert browser.title.startswith("(3) ")  # DM messages count in the title
    shoot(browser, "unread-dms")

    # Opening it: the conversation in the same chat view, its header naming pavel; the badge goes.
    until(browser, lambda d: dm_row(d, PAVEL).click() or True)
    wait_until_url(browser, f"/app/friends?dm={pavel_id}")
    until(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".chat-header__name").text == PAVEL)
    until(browser, lambda d: "Жду ответа" in d.find_element(By.CSS_SELECTOR, ".message-list").text)
    assert "Привет! Идёшь сегодня?" in browser.find_element(By.CSS_SELECTOR, ".message-list").text
    wait_for(browser, "li.unread-divider")
    shoot(browser, "unread-dm-open")
    until(browser, lambda d: d.title.startswith("(1) "))  # only vera's DM waits now
    browser.get(f"{live.url}/app")  # read on the server: still read after a reload
    until(browser, lambda d: "Жду ответа" in dm_row(d, PAVEL).text)
    assert badge(dm_row(browser, PAVEL), ".mention-pill") is None
    assert badge(dm_row(browser, VERA), ".mention-pill") == "1"
