"""The settings dialog over the app and the settings pages on their own, in the places they used to
fall short: an avatar changed in the dialog stays in the dialog, the test button shows when the
dialog opens on its tab, the reset asks in the app's own dialog (never the browser's confirm()), a
page on its own catches up with other devices when it comes back into view, and the 'auto' theme
follows the system as it changes."""
from __future__ import annotations

import time

import pytest
from PIL import Image
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_island, wait_until_url
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_settings import DARK_BG, LIGHT_BG, body_background, settings_for
from tests.browser.test_small_things import no_browser_dialog

pytestmark = pytest.mark.browser
SWAPPED = (StaleElementReferenceException,)

# The browser's own confirm(), counted (and answered yes, as a person clicking OK would).
COUNT_CONFIRMS = "window.nativeConfirms = 0; window.confirm = () => { window.nativeConfirms += 1; return true; };"


def open_dialog(driver, tab: str):
    driver.find_element(By.CSS_SELECTOR, ".app-user-menu summary").click()
    driver.find_element(By.XPATH, "//a[normalize-space()='Настройки']").click()
    dialog = wait_for(driver, "dialog.settings-dialog[open]")
    if tab != "Профиль":
        dialog.find_element(By.XPATH, f".//a[normalize-space()='{tab}']").click()
    WebDriverWait(driver, 10, ignored_exceptions=SWAPPED).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "dialog[open] #settings-section-title").text == tab)
    return dialog


def in_the_app(driver) -> bool:
    return driver.execute_script("return location.pathname").startswith("/app/settings")


def test_an_avatar_uploaded_and_removed_in_the_dialog_keeps_the_app_and_shows_at_once(app, browser, live, tmp_path):
    make_person(app, "olga", "Ольга")
    picture = tmp_path / "me.png"
    Image.new("RGB", (80, 80), (30, 90, 200)).save(picture, "PNG")
    sign_in(browser, live, "olga")
    browser.execute_script("window.samePage = true")
    open_dialog(browser, "Профиль")

    wait_for(browser, "dialog[open] .avatar-field .file-picker__button")  # the design's button; the field is hidden
    browser.find_element(By.CSS_SELECTOR, "dialog[open] #f-avatar").send_keys(str(picture))
    browser.find_element(By.XPATH, "//dialog[@open]//button[normalize-space()='Загрузить']").click()
    WebDriverWait(browser, 10, ignored_exceptions=SWAPPED).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "dialog[open] .avatar-field img"))
    url = settings_for(app, "olga")["profile"]["avatarUrl"]
    assert url and browser.find_element(By.CSS_SELECTOR, "dialog[open] .avatar-field img").get_attribute("src").endswith(url)
    assert browser.execute_script("return window.samePage") is True  # still the app, not a page of its own
    assert in_the_app(browser)
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, f".app-user-menu summary img[src='{url}']"))

    browser.find_element(By.XPATH, "//dialog[@open]//button[normalize-space()='Удалить аватар']").click()
    WebDriverWait(browser, 10, ignored_exceptions=SWAPPED).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open] .avatar-field img"))
    assert settings_for(app, "olga")["profile"]["avatarUrl"] is None
    WebDriverWait(browser, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".app-user-menu summary img"))
    assert browser.execute_script("return window.samePage") is True


def test_the_dialog_opened_on_the_notifications_tab_shows_the_test_button(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    open_dialog(browser, "Уведомления и звуки")
    wait_until_url(browser, "/app/settings/notifications")
    browser.find_element(By.CSS_SELECTOR, "dialog[open] [data-settings-close]").click()
    wait_until_url(browser, "/app")
    browser.back()  # the dialog opens again, straight on this tab
    wait_for(browser, "dialog.settings-dialog[open] #settings-form")
    assert wait_for(browser, "dialog[open] [data-test-notification]").text == "Тестовое уведомление"


@pytest.mark.parametrize("where", ["dialog", "page"])
def test_the_reset_asks_in_the_apps_own_dialog_never_the_browsers(app, browser, live, where):
    make_person(app, "olga", "Ольга")
    with app.app_context():
        do_update_settings(find_user("olga"), {"appearance": {"theme": "light"}})
    sign_in(browser, live, "olga")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_CONFIRMS})
    if where == "dialog":
        browser.get(live.url + "/app")
        wait_for_island(browser, "settings-live")
        open_dialog(browser, "Внешний вид")
    else:
        browser.get(live.url + "/app/settings/appearance")
    reset = wait_for(browser, "button.btn-danger-outline")

    reset.click()  # 'Отмена' keeps everything
    question = wait_for(browser, "dialog[role='alertdialog'][open]")
    assert no_browser_dialog(browser) and browser.execute_script("return window.nativeConfirms") == 0
    assert "Вы уверены, что хотите сбросить все настройки" in question.text
    assert browser.switch_to.active_element.text == "Сбросить"
    question.find_element(By.XPATH, ".//button[normalize-space()='Отмена']").click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[role='alertdialog'][open]"))
    time.sleep(0.5)
    assert settings_for(app, "olga")["appearance"]["theme"] == "light"

    wait_for(browser, "button.btn-danger-outline").click()  # 'Сбросить' resets
    wait_for(browser, "dialog[role='alertdialog'][open]").find_element(
        By.XPATH, ".//button[normalize-space()='Сбросить']").click()
    WebDriverWait(None, 10).until(lambda _: settings_for(app, "olga")["appearance"]["theme"] == "dark")
    WebDriverWait(browser, 10).until(lambda d: body_background(d) == DARK_BG)  # the page follows at once
    assert browser.execute_script("return window.nativeConfirms") == 0


def test_a_settings_page_on_its_own_catches_up_when_it_comes_back_into_view(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/appearance")
    wait_for(browser, "#settings-form")
    here = browser.current_window_handle
    browser.switch_to.new_window("tab")  # the person looks elsewhere...
    with app.app_context():  # ...and changes the theme on another device
        do_update_settings(find_user("olga"), {"appearance": {"theme": "light", "fontSize": 16}})
    time.sleep(2.1)
    browser.close()
    browser.switch_to.window(here)  # back: the page shows what the settings are now
    WebDriverWait(browser, 10, ignored_exceptions=SWAPPED).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "input[name='theme'][value='light']").is_selected())
    assert browser.find_element(By.ID, "f-fontSize").get_attribute("value") == "16"
    WebDriverWait(browser, 5).until(lambda d: body_background(d) == LIGHT_BG)


def test_the_auto_theme_follows_the_system_as_it_changes(app, browser, live):
    make_person(app, "olga", "Ольга")
    with app.app_context():
        do_update_settings(find_user("olga"), {"appearance": {"theme": "auto"}})
    sign_in(browser, live, "olga")
    system = lambda scheme: browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {  # noqa: E731
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.execute_script("window.samePage = true")
    system("dark")
    WebDriverWait(browser, 5).until(lambda d: body_background(d) == DARK_BG)
    system("light")
    WebDriverWait(browser, 5).until(lambda d: body_background(d) == LIGHT_BG)
    system("dark")
    WebDriverWait(browser, 5).until(lambda d: body_background(d) == DARK_BG)
    assert browser.execute_script("return window.samePage") is True  # live, no reload
