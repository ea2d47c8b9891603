"""A server's structure reaches its members live (issue 18): the owner creates a channel, moves it
and renames it from the sidebar, and the member's open sidebar (and channel header) follows without
a reload; the owner deletes the channel the member has open, and the member lands on the server's
first channel, told why."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import channel_link, guild, online, until  # noqa: F401 (guild: a fixture)

pytestmark = pytest.mark.browser


@pytest.fixture
def member_browser():
    driver = start_browser()
    yield driver
    driver.quit()


def text_channels(driver) -> list[str]:
    return [link.text for link in driver.find_elements(
        By.CSS_SELECTOR, "#channels-text ~ ul .channel-link, section[aria-labelledby='channels-text'] .channel-link")]


def shows_channels(driver, names: list[str]):
    until(driver, lambda d: text_channels(d) == names, message=f"the text channels never read {names}")


def open_menu(driver, name: str) -> None:
    """Point at the channel's row (the menu's button shows on hover) and open its menu."""
    row = channel_link(driver, name).find_element(By.XPATH, "./ancestor::li[1]")
    ActionChains(driver).move_to_element(row).perform()
    button = row.find_element(By.CSS_SELECTOR, "button.channel-entry__menu")
    until(driver, lambda d: button.value_of_css_property("opacity") == "1")
    button.click()
    wait_for(driver, "[role=menu]")


def choose(driver, item: str) -> None:
    driver.find_element(By.XPATH, f"//*[@role='menu']//button[normalize-space()='{item}']").click()


def test_the_members_sidebar_follows_the_owners_changes(app, live, browser, member_browser, guild):
    server_id, channels = guild  # vera owns it: 'общий', 'игра' (text), 'голосовой'; olga is a member
    owner, member = browser, member_browser
    sign_in(owner, live, "vera")
    sign_in(member, live, "olga")
    member.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    online(member)
    owner.get(f"{live.url}/app/servers/{server_id}")
    wait_for_island(owner, "app-shell")  # the page's islands are all up: its buttons answer
    shows_channels(owner, ["общий", "игра"])

    # The owner creates a channel: it appears in the member's open sidebar.
    owner.find_element(By.CSS_SELECTOR, "button[aria-label='Создать текстовый канал']").click()
    wait_for(owner, "#channel-name").send_keys("стратегии")
    owner.find_element(By.CSS_SELECTOR, "#channel-name").send_keys(Keys.ENTER)
    shows_channels(owner, ["общий", "игра", "стратегии"])
    shows_channels(member, ["общий", "игра", "стратегии"])

    # Moved up one place with the row's menu, by keyboard this time: the member sees the new order.
    open_menu(owner, "стратегии")
    owner.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert owner.switch_to.active_element.text == "Переместить выше"
    owner.switch_to.active_element.send_keys(Keys.ENTER)
    shows_channels(member, ["общий", "стратегии", "игра"])

    # The member opens it; the owner renames it: the sidebar and the member's header follow.
    channel_link(member, "стратегии").click()
    until(member, lambda d: d.find_element(By.ID, "channel-title").text == "стратегии")
    new_id = int(member.current_url.rstrip("/").rsplit("/", 1)[1])
    open_menu(owner, "стратегии")
    choose(owner, "Переименовать")
    name = wait_for(owner, "#rename-channel-name")
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("тактика", Keys.ENTER)
    shows_channels(member, ["общий", "тактика", "игра"])
    until(member, lambda d: d.find_element(By.ID, "channel-title").text == "тактика")
    assert member.current_url.endswith(f"/channels/{new_id}")

    # The owner deletes it (asked first): the member lands on the first channel, told why.
    open_menu(owner, "тактика")
    choose(owner, "Удалить канал")
    dialog = wait_for(owner, "dialog[role=alertdialog]")
    assert "все его сообщения будут удалены" in dialog.text
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Удалить канал']").click()
    wait_until_url(member, f"/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_text(member, "Канал удалён")
    shows_channels(member, ["общий", "игра"])
    shows_channels(owner, ["общий", "игра"])
