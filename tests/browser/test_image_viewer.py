"""The image viewer: a click on a picture in the chat opens it over the app (not a new tab, the page
stays), where it zooms (button, wheel), drags when zoomed, steps with the arrow keys to the
channel's other pictures, offers the original and a download, and closes with Escape, the focus
back on the picture it was opened from. Its code is not in the first load."""
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
from lobby.messages.sending import send_message
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import guild  # noqa: F401  (a fixture: vera owns 'Гильдия', olga a member)
from tests.servers.conftest import picture

pytestmark = pytest.mark.browser

VIEWER = ".yarl__portal[role=dialog]"
LOADED_VIEWER = "return performance.getEntriesByType('resource').some((e) => /ImageViewer-[^/]*\\.js/.test(e.name))"


def send_picture(app, username: str, channel_id: int, filename: str, colour: str) -> None:
    with app.app_context():
        user = find_user(username)
        upload = FileStorage(BytesIO(picture("PNG", (640, 480), colour)), filename=filename, content_type="image/png")
        send_message(Claims(user.id, user.session_version), channel_id, filename, files=[upload])


def shown_alt(driver) -> str:
    """The alt text of the picture the viewer shows now."""
    return driver.execute_script(
        "const s = document.querySelector('.yarl__slide.yarl__slide_current img'); return s && s.alt")


def zoom_of(driver) -> float:
    return driver.execute_script(
        "const w = document.querySelector('.yarl__slide_current .yarl__slide_wrapper, .yarl__slide_current > div');"
        "const m = w && getComputedStyle(w).transform; if (!m || m === 'none') return 1;"
        "return new DOMMatrix(m).a;")


def test_a_picture_opens_over_the_app_zooms_steps_and_closes_with_the_focus_back(app, browser, live, guild):
    server_id, channels = guild
    for name, colour in (("закат.png", "orange"), ("лес.png", "green"), ("море.png", "blue")):
        send_picture(app, "vera", channels["общий"], name, colour)
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_island(browser, "app-shell")
    wait_for(browser, ".attachment-image img[alt='море.png']")
    assert browser.execute_script(LOADED_VIEWER) is False  # not part of the first load
    browser.execute_script("window.samePage = true")
    tabs = len(browser.window_handles)

    forest = browser.find_element(By.CSS_SELECTOR, ".attachment-image[title^='лес.png']")
    forest.click()
    viewer = wait_for(browser, VIEWER)
    assert viewer.get_attribute("aria-modal") == "true" and viewer.get_attribute("aria-label") == "Просмотр изображения"
    WebDriverWait(browser, 5).until(lambda d: shown_alt(d) == "лес.png")
    assert len(browser.window_handles) == tabs and browser.execute_script("return window.samePage") is True

    # The original and a download of the picture on screen.
    original = viewer.find_element(By.CSS_SELECTOR, "a[aria-label='Открыть оригинал']")
    assert original.get_attribute("href") == forest.get_attribute("href") and original.get_attribute("target") == "_blank"
    download = viewer.find_element(By.CSS_SELECTOR, "a[aria-label='Скачать']")
    assert download.get_attribute("download") == "лес.png"

    # Zoom: the button, then drag the zoomed picture; the wheel zooms too.
    viewer.find_element(By.CSS_SELECTOR, "button[aria-label='Увеличить']").click()
    WebDriverWait(browser, 5).until(lambda d: zoom_of(d) > 1.5)
    image = browser.find_element(By.CSS_SELECTOR, ".yarl__slide_current img")
    before = image.rect
    ActionChains(browser).click_and_hold(image).move_by_offset(-120, -60).release().perform()
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".yarl__slide_current img").rect["x"] != before["x"])
    viewer.find_element(By.CSS_SELECTOR, "button[aria-label='Уменьшить']").click()
    WebDriverWait(browser, 5).until(lambda d: zoom_of(d) < 1.5)

    # The arrows: the channel's other pictures, oldest to newest.
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    WebDriverWait(browser, 5).until(lambda d: shown_alt(d) == "море.png")
    assert viewer.find_element(By.CSS_SELECTOR, "a[aria-label='Скачать']").get_attribute("download") == "море.png"
    for alt in ("лес.png", "закат.png"):
        ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
        WebDriverWait(browser, 5).until(lambda d: shown_alt(d) == alt)

    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, VIEWER))
    assert browser.switch_to.active_element == forest  # where it was opened from
