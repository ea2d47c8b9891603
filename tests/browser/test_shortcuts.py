"""The shortcuts of the /app page, from one registry: Alt+n opens the n-th server of the list,
Alt+↓/↑ the next / previous channel, Alt+Shift+↓/↑ the next / previous channel with unread
messages, Ctrl+G the game panel, Ctrl+F find server, Ctrl+U friends, Ctrl+, settings (also from the
composer), Ctrl+Alt+N create server (the spec's Ctrl+N never reaches a page: a new window), '?' the
help sheet, Ctrl+Shift+P the performance panel with real figures; a '?' typed in the composer is
text. The game centre's menu names the same keys as the help sheet."""
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
from lobby.servers.models import Channel, Server
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
    with app.app_context():
        club_id = db.session.scalar(select(Server.id).where(Server.name == "Клуб"))
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

    # Two unread channels, one before 'игра' in the reading order ('общий') and one after it (the
    # next server's): Alt+Shift+↑ takes the one before, and from the first, round to the last.
    with app.app_context():
        club_channel = db.session.scalar(select(Channel.id).where(Channel.server_id == club_id))
        servers.do_join(db.session.get(Server, club_id), find_user("olga"))
        do_send_message(find_user("olga"), club_channel, "клуб открыт")
        do_send_message(find_user("olga"), ids["общий"], "все сюда")  # after the club's: its frame came first
    general = "//a[contains(@class,'channel-link')][.//span[normalize-space()='общий']]"
    WebDriverWait(browser, 10).until(lambda d: "is-unread" in d.find_element(By.XPATH, general).get_attribute("class"))
    keys(browser, Keys.ALT, Keys.SHIFT, Keys.ARROW_UP)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{ids['общий']}")
    keys(browser, Keys.ALT, Keys.SHIFT, Keys.ARROW_UP)
    wait_until_url(browser, f"/app/servers/{club_id}/channels/{club_channel}")


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


def no_dialog(driver) -> None:
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))


# 'Create server': Ctrl+Alt+N (Chrome and Firefox never give a page the spec's Ctrl+N), dispatched
# by a script where the timing matters.
CTRL_ALT_N = ("return !document.dispatchEvent(new KeyboardEvent('keydown',"
              " {code: 'KeyN', key: 'n', ctrlKey: true, altKey: true, bubbles: true, cancelable: true}))")


def test_ctrl_keys_open_the_game_panel_find_server_friends_settings_and_create_server(browser, live, two_servers):
    server_id, ids = two_servers
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{ids['общий']}")
    wait_for_island(browser, "app-shell")
    composer = wait_for(browser, "#composer")
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element == composer)
    browser.execute_script("window.samePage = true")

    keys(browser, Keys.CONTROL, "g")  # from the composer too: these keys type nothing
    wait_until_url(browser, "/gaming")
    wait_for(browser, "h1#friends-title")  # the game panel: the friends page inside the app

    keys(browser, Keys.CONTROL, "f")
    wait_until_url(browser, "/app/discover")
    dialog = wait_for(browser, "dialog[open]")
    assert "Открыть для себя серверы" in dialog.text
    dialog.send_keys(Keys.ESCAPE)
    wait_until_url(browser, "/app")
    no_dialog(browser)

    keys(browser, Keys.CONTROL, "u")
    wait_until_url(browser, "/friends")
    wait_for(browser, "h1#friends-title")

    keys(browser, Keys.CONTROL, ",")
    wait_until_url(browser, "/app/settings")
    settings = wait_for(browser, "dialog.settings-dialog[open]")
    settings.send_keys(Keys.ESCAPE)
    no_dialog(browser)

    keys(browser, Keys.CONTROL, Keys.ALT, "n")  # real key presses, from the composer's page
    wait_until_url(browser, "/app/create-server")
    title = wait_for(browser, "dialog[open] .modal__title")
    assert "Создать сервер" in title.text
    wait_for(browser, "dialog[open] #server-name")
    assert browser.execute_script("return window.samePage === true")  # all of it in the page, no reload
    assert severe_console_errors(browser) == []


def test_a_key_pressed_as_the_settings_close_is_where_the_person_ends_up(browser, live, two_servers):
    """The dialog's `close` event comes a task after it shuts: Ctrl+Alt+N in that gap must not be undone
    by the dialog's 'back to where you were'."""
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/friends")
    wait_for(browser, "h1#friends-title")
    keys(browser, Keys.CONTROL, ",")
    wait_for(browser, "dialog.settings-dialog[open]")
    browser.execute_script("const settings = document.querySelector('dialog.settings-dialog');"
                           "settings.addEventListener('close', () => setTimeout(() => { window.closeHeard = true; }));"
                           "settings.close();" + CTRL_ALT_N)
    WebDriverWait(browser, 5).until(lambda d: d.execute_script("return window.closeHeard === true"))
    title = wait_for(browser, "dialog[open] .modal__title")
    assert "Создать сервер" in title.text
    assert browser.current_url.endswith("/app/create-server")


def test_the_game_centre_menu_names_the_keys_that_act(browser, live, two_servers):
    """The menu's keys and the help sheet's come from the one registry: the same text for each."""
    sign_in(browser, live, "vera")
    keys(browser, "?")
    sheet = wait_for(browser, "dialog[open].help-sheet")
    ids = ("gaming", "discover", "create", "friends", "settings")
    in_sheet = {name: sheet.find_element(By.CSS_SELECTOR, f"[data-shortcut='{name}'] kbd").text for name in ids}
    assert in_sheet == {"gaming": "Ctrl+G", "discover": "Ctrl+F", "create": "Ctrl+Alt+N", "friends": "Ctrl+U",
                        "settings": "Ctrl+,"}
    assert "Ctrl+N" not in sheet.text  # only keys that reach the page
    sheet.send_keys(Keys.ESCAPE)
    no_dialog(browser)

    wait_for(browser, ".game-centre__button").click()
    panel = wait_for(browser, "#game-centre-panel")
    for name in ids:
        entry = panel.find_element(By.CSS_SELECTOR, f"[data-entry='{name}']")
        assert entry.find_element(By.CSS_SELECTOR, "kbd").text == in_sheet[name]
        assert entry.get_attribute("aria-keyshortcuts") == in_sheet[name].replace("Ctrl", "Control")
