"""A person's avatar wherever they appear: the top bar's user menu (with the display name the
settings give, live), the no-JS frame's user menu and friends page, the moderation panel's member
rows, and the voice channel (the sidebar's roster and the room's cards)."""
from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from werkzeug.datastructures import FileStorage

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.friends import actions as friends
from lobby.friends.models import FriendRequest
from lobby.servers import actions as servers
from lobby.servers.models import Channel, Server
from lobby.settings.actions import do_set_avatar, do_update_settings
from tests.browser.conftest import FLAGS, fresh_profile
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_servers import click_text, make_person, sign_in
from tests.browser.test_settings import sign_in_without_js
from tests.browser.test_sound_cues import socket_of

pytestmark = pytest.mark.browser


def give_avatar(app, username: str) -> str:
    picture = BytesIO()
    Image.new("RGB", (64, 64), (200, 30, 90)).save(picture, "PNG")
    picture.seek(0)
    with app.app_context():
        return do_set_avatar(find_user(username), FileStorage(picture, filename="me.png"))["profile"]["avatarUrl"]


def shown_picture(element, url: str):
    """The <img> of `url` inside `element`, once it has loaded (a broken one falls back to a letter)."""
    css = f"img[src='{url}']"
    WebDriverWait(element.parent, 10).until(lambda _: element.find_elements(By.CSS_SELECTOR, css) and element.parent
                                            .execute_script("return arguments[0].naturalWidth",
                                                            element.find_element(By.CSS_SELECTOR, css)) > 0,
                                            message=f"no loaded picture {url}")
    return element.find_element(By.CSS_SELECTOR, css)


def test_the_user_menu_shows_my_avatar_and_display_name_and_follows_changes(app, browser, live, guild):
    url = give_avatar(app, "vera")
    sign_in(browser, live, "vera")
    button = wait_for(browser, ".app-user-menu summary")
    shown_picture(button, url)
    assert button.find_element(By.CSS_SELECTOR, ".user-menu__name").text == "Вера Тестова"

    with app.app_context():  # on another device
        do_update_settings(find_user("vera"), {"profile": {"displayName": "Верунчик"}})
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".app-user-menu .user-menu__name")
                                     .text == "Верунчик")


def test_without_javascript_the_user_menu_and_friends_page_show_avatars(app, browser_without_js, live, guild):
    make_person(app, "oleg", "Олег")
    mine, his = give_avatar(app, "vera"), give_avatar(app, "oleg")
    with app.app_context():
        _, made = friends.do_send_request(find_user("oleg"), "vera", None)
        friends.do_accept(find_user("vera"), db.session.get(FriendRequest, made["id"]))
        do_update_settings(find_user("vera"), {"profile": {"displayName": "Верунчик"}})
    driver = browser_without_js
    sign_in_without_js(driver, live, "vera")
    menu = driver.find_element(By.CSS_SELECTOR, ".user-menu__button")
    shown_picture(menu, mine)
    assert menu.find_element(By.CSS_SELECTOR, ".user-menu__name").text == "Верунчик"
    driver.get(live.url + "/app/friends")
    shown_picture(driver.find_element(By.CSS_SELECTOR, "li.friend-row[data-username='oleg']"), his)


def test_the_moderation_panels_member_rows_show_avatars(app, browser, live, guild):
    server_id, _ = guild
    make_person(app, "oleg", "Олег")
    url = give_avatar(app, "oleg")
    with app.app_context():
        servers.do_join(db.session.get(Server, server_id), find_user("oleg"))
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/admin")
    wait_for_island(browser, "app-shell")
    click_text(browser, "Участники", "button")
    shown_picture(wait_for(browser, "li.member-row[data-username='oleg']"), url)


def voice_browser():
    """Chromium with a fake microphone that needs no prompt (tests/browser/test_voice.py's flags)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS + ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                         f"--user-data-dir={fresh_profile()}", "--window-size=1280,900"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def test_people_in_a_voice_channel_show_their_avatars(app, live, guild):
    server_id, _ = guild
    make_person(app, "oleg", "Олег")
    url = give_avatar(app, "oleg")
    with app.app_context():
        servers.do_join(db.session.get(Server, server_id), find_user("oleg"))
        voice_id = db.session.query(Channel.id).filter_by(server_id=server_id, type="VOICE").first()[0]
    oleg = socket_of(app, live, "oleg")
    driver = voice_browser()
    try:
        oleg.send("rtc_join_channel", {"channelId": voice_id, "sessionId": "oleg-tab"})
        sign_in(driver, live, "vera")
        driver.get(f"{live.url}/app/servers/{server_id}")
        shown_picture(wait_for(driver, f".voice-roster__person[data-user-id='{find_id(app, 'oleg')}']", 15), url)

        driver.get(f"{live.url}/app/servers/{server_id}/channels/{voice_id}")
        wait_for_island(driver, "voice-panel", 15)
        wait_for(driver, ".voice-connect__button:not([disabled])", 15).click()
        shown_picture(wait_for(driver, f".voice-card[data-user-id='{find_id(app, 'oleg')}']", 15), url)
    finally:
        oleg.close()
        driver.quit()


def find_id(app, username: str) -> int:
    with app.app_context():
        return find_user(username).id
