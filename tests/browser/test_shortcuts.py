"""The shortcuts of the /app page, from one registry: Alt+n opens the n-th server of the list,
Alt+↓/↑ the next / previous channel, Alt+Shift+↓ the next channel with unread messages, '?' the help
sheet, Ctrl+Shift+P the performance panel with real figures; a '?' typed in the composer is text."""
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Channel
from lobby.servers.validation import check_new_server
from tests.browser.helpers import severe_console_errors, wait_for, wait_for_island, wait_until_url
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def two_servers(app):
    """`vera` owns 'Гильдия' (channels 'общий', 'игра', 'голосовой') and 'Клуб'; `olga` is in 'Гильдия'."""
    make_person(app, "vera", "Вера")
    make_person(app, "olga", "Ольга")
    with app.app_context():
        vera = find_user("vera")
        guild = servers.do_create_server(vera, check_new_server({"name": "Гильдия", "template": "gaming"}))
        servers.do_create_server(vera, check_new_server({"name": "Клуб", "template": "custom"}))
        servers.do_join(guild, find_user("olga"))
        ids = {channel.name: channel.id for channel in db.session.scalars(select(Channel).where(Channel.server_id == guild.id))}
        return guild.id, ids


def keys(driver, *modifiers_then_key):
    *modifiers, key = modifiers_then_key
    chain = ActionChains(driver)
    for modifier in modifiers:
        chain.key_down(modifier)
    chain.send_keys(key)
    for modifier in reversed(modifiers):
        chain.key_up(modifier)
    chain.perform()


def server_links(driver) -> list[str]:
    mine = "section[aria-labelledby='my-servers-title'] a.server-card:not(.server-card--create)"  # not the recommended strip's
    wait_for(driver, mine)
    return [link.get_attribute("href") for link in driver.find_elements(By.CSS_SELECTOR, mine)]


def test_alt_digit_opens_the_nth_server(browser, live, two_servers):
    sign_in(browser, live, "vera")
    first, second = server_links(browser)
    keys(browser, Keys.ALT, "2")
    WebDriverWait(browser, 5).until(lambda d: d.current_url == second)
    keys(browser, Keys.ALT, "1")
    WebDriverWait(browser, 5).until(lambda d: d.current_url == first)
    keys(browser, Keys.ALT, "9")  # no ninth server: nothing happens
    assert browser.current_url == first
    assert severe_console_errors(browser) == []


def test_alt_arrows_step_through_channels_and_unread_ones(app, browser, live, two_servers):
    server_id, ids = two_servers
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{ids['общий']}")
    wait_for_island(browser, "app-shell")
    composer = wait_for(browser, "#composer")
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element == composer)  # meant to work from it

    keys(browser, Keys.ALT, Keys.SHIFT, Keys.ARROW_DOWN)  # nothing unread: it stays
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")
    with app.app_context():
        do_send_message(find_user("olga"), ids["игра"], "кто в рейд?")
    link = "//a[contains(@class,'channel-link')][.//span[normalize-space()='игра']]"
    WebDriverWait(browser, 10).until(lambda d: "is-unread" in d.find_element(By.XPATH, link).get_attribute("class"))
    assert browser.current_url.endswith(f"/channels/{ids['общий']}")
    keys(browser, Keys.ALT, Keys.SHIFT, Keys.ARROW_DOWN)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{ids['игра']}")

    keys(browser, Keys.ALT, Keys.ARROW_DOWN)  # text channels, then voice: the sidebar's order
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{ids['голосовой']}")
    keys(browser, Keys.ALT, Keys.ARROW_DOWN)  # round the end
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{ids['общий']}")
    keys(browser, Keys.ALT, Keys.ARROW_UP)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{ids['голосовой']}")
    keys(browser, Keys.ALT, Keys.ARROW_UP)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{ids['игра']}")


def test_question_mark_opens_the_help_sheet_but_not_in_the_composer(browser, live, two_servers):
    server_id, ids = two_servers
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{ids['общий']}")
    composer = wait_for(browser, "#composer")
    composer.click()
    composer.send_keys("кто идёт?")
    assert composer.get_attribute("value") == "кто идёт?"
    assert not browser.find_elements(By.CSS_SELECTOR, "dialog[open]")

    browser.find_element(By.CSS_SELECTOR, ".chat-header").click()  # out of the field
    keys(browser, "?")
    sheet = wait_for(browser, "dialog[open].help-sheet")
    assert "Сочетания клавиш" in sheet.text
    for entry in ("Командная палитра", "Ctrl+K", "Поиск сообщений", "Ctrl+/", "Alt+1…9", "Следующий непрочитанный канал",
                  "Alt+Shift+↓", "Ctrl+Shift+P", "Ctrl+M", "Ctrl+D"):
        assert entry in sheet.text
    sheet.send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))


def test_ctrl_shift_p_shows_the_performance_figures(browser, live, two_servers):
    sign_in(browser, live, "vera")
    keys(browser, Keys.CONTROL, Keys.SHIFT, "p")
    panel = wait_for(browser, ".perf-panel")

    def figure(name: str) -> str:
        return panel.find_element(By.CSS_SELECTOR, f"[data-figure='{name}']").text

    number = re.compile(r"^\d+(\.\d+)?( \S+)?$")
    WebDriverWait(browser, 10).until(lambda d: number.match(figure("rtt")) and number.match(figure("fps")),
                                     message="no round trip or frame rate")
    assert figure("rtt").endswith("мс") and int(figure("fps")) > 0
    assert number.match(figure("memory")) and figure("memory").endswith("МБ")  # Chromium says
    keys(browser, Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".perf-panel"))
