"""axe-core (the npm package, injected into the page) on every page and dialog people reach, in
both themes: the landing and auth pages, the app's home, a channel with messages and its members
drawer, a voice channel, friends, a DM, the notifications panel, the command palette, the
shortcut sheet, message search with results, discovery, creating a server, the moderation
dialog's tabs, the context menus (a message, a person, a channel, a member, a server of the rail)
and the image viewer. No serious or critical violation anywhere (icon buttons without a name, contrast,
labels, ARIA misuse, focus traps are all among them). The settings pages have their own run
(test_settings)."""
from __future__ import annotations

from io import BytesIO

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from werkzeug.datastructures import FileStorage

from lobby.accounts.actions import find_user
from lobby.accounts.tokens import Claims
from lobby.extensions import db
from lobby.friends.actions import do_send_request
from lobby.messages.sending import do_send_message, send_message
from lobby.servers import actions as servers
from lobby.servers.models import Channel
from lobby.servers.validation import check_new_server
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_servers import click_text, make_person, sign_in
from tests.browser.test_settings import serious_violations
from tests.servers.conftest import picture

pytestmark = pytest.mark.browser


def checked(driver, view: str) -> None:
    assert serious_violations(driver) == [], view


def close_dialog(driver) -> None:
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))


@pytest.fixture
def hall(app):
    """olga owns a server with a message from vera; the two are friends with a DM."""
    make_person(app, "olga", "Ольга")
    make_person(app, "vera", "Вера")
    with app.app_context():
        olga, vera = find_user("olga"), find_user("vera")
        server = servers.do_create_server(olga, check_new_server({"name": "Таверна", "template": "gaming"}))
        servers.do_join(server, vera)
        channels = {c.name: c.id for c in db.session.scalars(
            db.select(Channel).where(Channel.server_id == server.id))}
        do_send_message(vera, channels["общий"], "привет всем, @olga")
        upload = FileStorage(BytesIO(picture("PNG", (320, 200))), filename="карта.png", content_type="image/png")
        send_message(Claims(vera.id, vera.session_version), channels["общий"], "карта", files=[upload])
        do_send_request(olga, "vera", None)
        do_send_request(vera, "olga", None)  # asking back accepts
        return server.id, channels


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_every_page_and_dialog_has_no_serious_violation(app, live, browser, hall, theme):
    server_id, channels = hall
    with app.app_context():
        do_update_settings(find_user("olga"), {"appearance": {"theme": theme}})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": theme}]})

    for path, island in (("/", None), ("/auth/login", "login-form"), ("/auth/register", "register-form"),
                         ("/auth/forgot-password", None)):
        browser.get(live.url + path)
        if island:
            wait_for_island(browser, island)
        checked(browser, path)

    sign_in(browser, live, "olga")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == theme
    checked(browser, "home")

    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for(browser, ".message")
    wait_for(browser, "#members-drawer .member-row")
    checked(browser, "channel with members")

    # The server rail's menu of a server (issue 29), opened by a right click on its icon.
    ActionChains(browser).context_click(browser.find_element(
        By.CSS_SELECTOR, f".rail__servers li[data-server-id='{server_id}'] a")).perform()
    wait_for(browser, ".context-menu [role=menuitem]")
    checked(browser, "rail server menu")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".context-menu"))

    # The context menus of a message, its author, a channel and a member (issue 29), and the image viewer.
    for view, target in (("message menu", "li.message .message__content"), ("person menu", "li.message .message__author"),
                         ("channel menu", ".channel-entry .channel-link"), ("member menu", "#members-drawer .member-row")):
        ActionChains(browser).context_click(browser.find_element(By.CSS_SELECTOR, target)).perform()
        wait_for(browser, ".context-menu [role=menuitem]")
        checked(browser, view)
        ActionChains(browser).send_keys(Keys.ESCAPE).perform()
        WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".context-menu"))
    browser.find_element(By.CSS_SELECTOR, ".attachment-image").click()
    wait_for(browser, ".yarl__slide_current img")
    checked(browser, "image viewer")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".yarl__portal"))

    # The server's notification settings from the chat header's bell (issue 29).
    browser.find_element(By.CSS_SELECTOR, ".chat-header__server-bell").click()
    wait_for(browser, ".server-notifications-menu [role=menuitemradio]")
    checked(browser, "server notifications menu")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".server-notifications-menu"))

    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    wait_for(browser, ".notif-item")
    checked(browser, "notifications")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()

    ActionChains(browser).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
    wait_for(browser, "dialog[open] .palette__input")
    checked(browser, "palette")
    close_dialog(browser)

    browser.find_element(By.CSS_SELECTOR, ".app-topbar__search").click()
    wait_for(browser, ".search input[role=combobox]").send_keys("привет")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search [role=option]"))
    checked(browser, "search")
    close_dialog(browser)

    wait_for(browser, "#composer")
    browser.find_element(By.CSS_SELECTOR, ".app-topbar").click()
    ActionChains(browser).send_keys("?").perform()
    wait_for(browser, "dialog[open]")
    checked(browser, "shortcuts sheet")
    close_dialog(browser)

    click_text(browser, "Модерация", "a")
    for tab in ("Обзор", "Участники", "Жалобы", "Журнал"):
        click_text(browser, tab, "button")
        wait_for(browser, "[role=tabpanel]")
        checked(browser, f"moderation: {tab}")
    close_dialog(browser)

    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['голосовой']}")
    wait_for_island(browser, "app-shell")
    wait_for(browser, ".voice-view, .channel-screen")
    checked(browser, "voice channel")

    for path, ready in (("/app/friends", ".friends"), (f"/app/friends?dm={hall_vera(app)}", "#composer"),
                        ("/app/discover", ".discover-card, dialog[open]"), ("/app/create-server", "dialog[open]")):
        browser.get(live.url + path)
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ready), message=path)
        checked(browser, path)


def hall_vera(app) -> int:
    with app.app_context():
        return find_user("vera").id


def test_the_systems_reduced_motion_stops_the_apps_animations(app, live, browser, hall):
    sign_in(browser, live, "olga")
    pane = "return getComputedStyle(document.querySelector('.sidebar__pane')).animationName"
    assert browser.execute_script(pane) == "pane-in"  # it animates for everyone else
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-reduced-motion", "value": "reduce"}]})
    browser.refresh()
    wait_for_island(browser, "app-shell")
    assert browser.execute_script(pane) == "none"
