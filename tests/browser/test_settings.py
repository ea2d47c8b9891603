"""The settings in a browser: the dialog over the shell repaints it live, a reload draws the right
theme from the first paint, autosave, a broken import, the plain forms with JavaScript off, and
axe-core on every section in both themes."""
from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from flask import request
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

# htmx swaps the status line and error slots in place: an element found may be replaced before it is read.
SWAPPED = (StaleElementReferenceException,)

from lobby.accounts.actions import find_user
from lobby.settings.store import settings_of
from tests.accounts.conftest import PASSWORD
from tests.browser.helpers import severe_console_errors, wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_unread import guild  # noqa: F401  (a fixture: a server with channels)

AXE = Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js"
SECTIONS = ["profile", "appearance", "notifications", "privacy", "accessibility", "general"]
LIGHT_BG = "rgb(245, 246, 248)"
DARK_BG = "rgb(11, 13, 18)"
# Installed before the page's own scripts: the page's colours the moment its HTML is parsed.
FIRST_PAINT = """
document.addEventListener('DOMContentLoaded', () => {
  window.firstPaint = getComputedStyle(document.body).backgroundColor;
}, { once: true });
"""


def settings_for(app, username: str) -> dict:
    with app.app_context():
        return settings_of(find_user(username).id)


def body_background(driver) -> str:
    return driver.execute_script("return getComputedStyle(document.body).backgroundColor")


def saved(driver, scope: str = "") -> None:
    WebDriverWait(driver, 10, ignored_exceptions=SWAPPED).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f"{scope} #settings-status").get_attribute("data-state") == "saved")


def test_light_theme_and_purple_accent_repaint_the_shell_without_a_reload(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    assert body_background(browser) == DARK_BG
    browser.execute_script("window.samePage = true")
    browser.find_element(By.CSS_SELECTOR, ".app-user-menu summary").click()
    browser.find_element(By.XPATH, "//a[normalize-space()='Настройки']").click()
    dialog = wait_for(browser, "dialog.settings-dialog[open]")
    wait_until_url(browser, "/app/settings")
    dialog.find_element(By.XPATH, ".//a[normalize-space()='Внешний вид']").click()
    wait_for(browser, "dialog[open] input[name='theme'][value='light']", ).find_element(By.XPATH, "..").click()
    wait_until_url(browser, "/app/settings/appearance")
    browser.find_element(By.CSS_SELECTOR, "dialog[open] .swatch[data-colour='#a855f7']").click()
    saved(browser, "dialog[open]")
    WebDriverWait(browser, 5, ignored_exceptions=SWAPPED).until(lambda d: body_background(d) == LIGHT_BG)
    accent = browser.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
    assert accent == "#a855f7"
    assert browser.execute_script("return window.samePage") is True  # no reload
    settings = settings_for(app, "olga")["appearance"]
    assert (settings["theme"], settings["accentColor"]) == ("light", "#a855f7")

    browser.find_element(By.CSS_SELECTOR, "dialog[open] [data-settings-close]").click()
    wait_until_url(browser, "/app")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_PAINT})
    browser.get(live.url + "/app")
    wait_for_island(browser, "app-shell")
    assert browser.execute_script("return window.firstPaint") == LIGHT_BG  # never dark first
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "light"
    assert not [e for e in severe_console_errors(browser) if "Content Security Policy" in e]


def test_a_change_made_while_the_last_one_is_saved_is_not_called_saved_before_it_is(app, browser, live):
    """The theme's save is held on the server when the accent is picked, and answers before the
    accent's own save leaves: that answer must not say 'Сохранено' over the accent."""
    on_the_server, release = threading.Event(), threading.Event()
    view = app.view_functions["settings_pages.section"]

    def first_save_held(**kwargs):
        if request.method == "POST" and not on_the_server.is_set():
            on_the_server.set()
            release.wait(10)
        return view(**kwargs)

    app.view_functions["settings_pages.section"] = first_save_held
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/appearance")
    wait_for(browser, "input[name='theme'][value='light']").find_element(By.XPATH, "..").click()
    assert on_the_server.wait(10)
    browser.find_element(By.CSS_SELECTOR, ".swatch[data-colour='#a855f7']").click()
    release.set()  # the theme's answer comes back well within the accent's 1 s autosave delay
    saved(browser)
    stored = settings_for(app, "olga")["appearance"]
    assert (stored["theme"], stored["accentColor"]) == ("light", "#a855f7")
    accent = browser.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
    assert accent == "#a855f7"


def test_autosave_says_unsaved_then_saved(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/notifications")
    wait_for(browser, "#f-masterVolume").send_keys(Keys.ARROW_LEFT)  # 0.7 → 0.65
    status = browser.find_element(By.ID, "settings-status")
    assert status.text == "Есть несохранённые изменения"
    saved(browser)
    assert browser.find_element(By.ID, "settings-status").text == "Сохранено"
    assert settings_for(app, "olga")["notifications"]["masterVolume"] == pytest.approx(0.65)


def test_the_profile_is_edited_with_save_and_cancel(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/profile")
    shown = wait_for(browser, ".profile-view")
    assert "Ольга Тестова" in shown.text and not browser.find_elements(By.ID, "settings-form")
    assert not browser.find_elements(By.ID, "settings-status")  # no autosave here: nothing is half-saved

    # Edit, type, cancel: nothing is kept, and the focus is back on the button that started it.
    browser.find_element(By.CSS_SELECTOR, "[data-profile='edit']").click()
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "f-displayName")
    browser.switch_to.active_element.send_keys("Не то имя")
    browser.find_element(By.CSS_SELECTOR, "[data-profile='cancel']").click()
    WebDriverWait(browser, 5, ignored_exceptions=SWAPPED).until(
        lambda d: d.switch_to.active_element.get_attribute("data-profile") == "edit")
    assert "Не то имя" not in browser.find_element(By.CSS_SELECTOR, ".profile-view").text
    assert settings_for(app, "olga")["profile"]["displayName"] == ""

    # Edit, type, save: the profile shows the new name, stored, and says it was saved.
    browser.find_element(By.CSS_SELECTOR, "[data-profile='edit']").click()
    field = wait_for(browser, "#f-displayName")
    field.send_keys("Оля")
    wait_for(browser, "#f-pronouns").send_keys("она")
    browser.find_element(By.XPATH, "//button[normalize-space()='Сохранить изменения']").click()
    WebDriverWait(browser, 5, ignored_exceptions=SWAPPED).until(
        lambda d: "Оля" in d.find_element(By.CSS_SELECTOR, ".profile-view").text)
    assert "она" in browser.find_element(By.CSS_SELECTOR, ".profile-view").text
    assert "Сохранено" in browser.find_element(By.ID, "settings-panel").text
    assert settings_for(app, "olga")["profile"]["displayName"] == "Оля"
    assert browser.switch_to.active_element.get_attribute("data-profile") == "edit"


def test_the_settings_show_no_switch_that_means_nothing_in_a_web_app(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    for section in SECTIONS:
        browser.get(live.url + f"/app/settings/{section}")
        text = wait_for(browser, "#settings-panel").text
        for switch in ("Автообновление", "Сворачивать в трей", "Бета-функции"):
            assert switch not in text, (section, switch)
    assert browser.find_elements(By.CSS_SELECTOR, "input[name='developerMode']")  # the general section is there


def test_file_fields_are_the_designs_buttons_with_the_chosen_files_name(app, browser, live, tmp_path):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/profile")
    picker = wait_for(browser, ".avatar-field .file-picker[data-ready]")
    button = picker.find_element(By.CSS_SELECTOR, ".file-picker__button")
    assert button.is_displayed() and button.text == "Выбрать файл"
    assert not picker.find_element(By.CSS_SELECTOR, "input[type=file]").is_displayed()  # the browser's own field
    assert picker.find_element(By.CSS_SELECTOR, ".file-picker__name").text == "Файл не выбран"
    picture = tmp_path / "me.png"
    picture.write_bytes(PNG)
    picker.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(picture))
    WebDriverWait(browser, 5).until(lambda d: picker.find_element(By.CSS_SELECTOR, ".file-picker__name").text == "me.png")
    browser.get(live.url + "/app/settings/account")  # the account page: the design's cards, and its import picker
    assert len(wait_for(browser, ".account-block").find_elements(By.XPATH, "..//section[@class and contains(@class, 'account-block')]")) >= 4
    assert browser.find_element(By.CSS_SELECTOR, ".settings__import .file-picker__button").is_displayed()


# A 1×1 PNG.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000"
                    "0500010d0a2db40000000049454e44ae426082")


def test_a_field_error_swaps_in_beside_the_field(app, browser, live):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/appearance")
    browser.execute_script("document.querySelector('#f-fontSize').add(new Option('17', '17', true, true));"
                           "document.querySelector('#f-fontSize').dispatchEvent(new Event('input', {bubbles: true}))")
    WebDriverWait(browser, 5, ignored_exceptions=SWAPPED).until(lambda d: d.find_element(By.ID, "error-fontSize").text == "Недопустимое значение")


def test_importing_a_broken_file_says_so(app, browser, live, tmp_path):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    broken = tmp_path / "settings.json"
    broken.write_text("{ это не JSON")
    browser.get(live.url + "/app/settings/general")
    wait_for(browser, ".settings__import .file-picker__button")  # the design's button; the field is hidden
    browser.find_element(By.ID, "settings-file").send_keys(str(broken))
    browser.find_element(By.XPATH, "//button[normalize-space()='Импортировать']").click()
    WebDriverWait(browser, 5, ignored_exceptions=SWAPPED).until(
        lambda d: d.find_element(By.ID, "error-import").text == "Неверный формат файла настроек")


def sign_in_without_js(driver, live, username: str) -> None:
    """The plain sign-in form (the islands' sign_in needs JavaScript)."""
    driver.get(live.url + "/auth")
    driver.find_element(By.ID, "emailOrUsername").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(driver, "/app")


def test_display_name_changes_through_the_plain_form_with_javascript_off(app, browser_without_js, live):
    make_person(app, "olga", "Ольга")
    driver = browser_without_js
    sign_in_without_js(driver, live, "olga")
    driver.get(live.url + "/app/settings/profile")
    driver.find_element(By.XPATH, "//a[normalize-space()='Редактировать профиль']").click()
    driver.find_element(By.ID, "f-displayName").send_keys("Оля без JS")
    driver.find_element(By.XPATH, "//button[normalize-space()='Сохранить изменения']").click()
    wait_for_text(driver, "Сохранено")
    assert "Оля без JS" in driver.find_element(By.CSS_SELECTOR, ".profile-view").text
    assert settings_for(app, "olga")["profile"]["displayName"] == "Оля без JS"
    # Without JavaScript the file field is the browser's own, styled as the design's button.
    assert driver.find_element(By.CSS_SELECTOR, ".avatar-field input[type=file]").is_displayed()


def serious_violations(driver) -> list[str]:
    driver.execute_script(AXE.read_text())
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations"
        ".filter((v) => ['serious', 'critical'].includes(v.impact))"
        ".map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))));")
    return found


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_axe_finds_no_serious_violation_on_any_section(app, browser, live, theme):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    if theme == "light":
        browser.get(live.url + "/app/settings/appearance")
        wait_for(browser, "input[name='theme'][value='light']").find_element(By.XPATH, "..").click()
        saved(browser)
    for section in [*SECTIONS, "profile?edit"]:
        browser.get(live.url + f"/app/settings/{section}")
        wait_for(browser, "#settings-section-title")
        wait_for(browser, "#settings-form" if section != "profile" else ".profile-view")
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == theme
        assert serious_violations(browser) == [], section
    browser.get(live.url + "/app/settings/account")  # its forms are its own, with no autosave
    wait_for(browser, ".session-list")
    assert serious_violations(browser) == [], "account"


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_axe_finds_no_serious_violation_in_the_settings_dialog_over_the_app(app, browser, live, theme):
    make_person(app, "olga", "Ольга")
    from lobby.settings.actions import do_update_settings
    with app.app_context():
        do_update_settings(find_user("olga"), {"appearance": {"theme": theme}})
    sign_in(browser, live, "olga")
    browser.find_element(By.CSS_SELECTOR, ".app-user-menu summary").click()
    browser.find_element(By.XPATH, "//a[normalize-space()='Настройки']").click()
    dialog = wait_for(browser, "dialog.settings-dialog[open]")
    tabs = [tab.text for tab in dialog.find_elements(By.CSS_SELECTOR, ".settings__tab")]
    assert len(tabs) == 7
    for tab in tabs:
        browser.find_element(By.XPATH, f"//dialog[@open]//a[normalize-space()='{tab}']").click()
        WebDriverWait(browser, 10, ignored_exceptions=SWAPPED).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "dialog[open] #settings-section-title").text == tab)
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == theme
        assert serious_violations(browser) == [], tab


def test_startup_opens_the_last_channel_unless_home_is_chosen(app, browser, live, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    game = f"/app/servers/{server_id}/channels/{channels['игра']}"
    browser.get(live.url + game)
    wait_for_island(browser, "app-shell")
    wait_for(browser, "#composer")

    browser.get(live.url + "/app")  # 'При запуске': last channel is the default
    wait_for_island(browser, "app-shell")
    wait_until_url(browser, game)

    with app.app_context():
        from lobby.settings.actions import do_update_settings
        do_update_settings(find_user("olga"), {"general": {"startupBehavior": "home"}})
    browser.get(live.url + "/app")
    wait_for_island(browser, "app-shell")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-startup") == "home"
    assert browser.execute_script("return location.pathname") == "/app"


def test_message_times_follow_the_date_and_clock_formats_live(app, browser, live, guild):
    from datetime import timedelta

    from selenium.webdriver.common.keys import Keys

    from lobby.extensions import db
    from lobby.messages.models import Message
    from lobby.messages.sending import do_send_message
    from lobby.settings.actions import do_update_settings

    server_id, channels = guild
    with app.app_context():
        said = do_send_message(find_user("vera"), channels["общий"], "давно это было")
        message = db.session.get(Message, said["id"])
        message.created_at -= timedelta(days=3)  # older than a day: a date, not '3 дня назад'
        db.session.commit()
        do_update_settings(find_user("olga"), {"general": {"dateFormat": "yyyy-mm-dd", "timeFormat": "12h"}})
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_text(browser, "давно это было")
    stamp = lambda: browser.find_element(By.CSS_SELECTOR, ".message__time").text  # noqa: E731
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s?(AM|PM)", stamp()), stamp()

    # A search result's time is written the same way.
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
    wait_for(browser, ".search input[role=combobox]").send_keys("давно")
    found = lambda: browser.find_element(By.CSS_SELECTOR, ".search .search-row__date").text  # noqa: E731
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search .search-row__date"))
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s?(AM|PM)", found()), found()
    browser.find_element(By.CSS_SELECTOR, ".search input[role=combobox]").send_keys(Keys.ESCAPE)

    with app.app_context():  # another device changes them: this tab redraws without a reload
        do_update_settings(find_user("olga"), {"general": {"dateFormat": "dd/mm/yyyy", "timeFormat": "24h"}})
    # The default format reads as its option: 'ДД/ММ/ГГГГ', with slashes.
    WebDriverWait(browser, 10).until(lambda d: re.fullmatch(r"\d{2}/\d{2}/\d{4} \d{2}:\d{2}", stamp()))


def test_screen_reader_mode_says_new_messages_short_and_arrows_walk_the_messages(app, browser, live, guild):
    from selenium.webdriver.common.keys import Keys

    from lobby.messages.sending import do_send_message
    from lobby.settings.actions import do_update_settings

    server_id, channels = guild
    with app.app_context():
        for text in ("первое", "второе"):
            do_send_message(find_user("vera"), channels["общий"], text)
        do_update_settings(find_user("olga"), {"accessibility": {"screenReaderOptimized": True}})
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_text(browser, "второе")
    log = browser.find_element(By.CSS_SELECTOR, ".message-scroller")
    assert log.get_attribute("aria-live") == "off"  # the short announcement speaks instead
    with app.app_context():
        do_send_message(find_user("vera"), channels["общий"], "третье")
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return document.querySelector('[data-spoken-messages]').textContent") == "Вера Тестова: третье")

    focused = lambda: browser.execute_script(  # noqa: E731
        "const row = document.activeElement.closest('li[data-key]'); return row ? row.innerText : null")
    log.send_keys(Keys.END)
    assert "третье" in focused()
    browser.switch_to.active_element.send_keys(Keys.ARROW_UP)
    assert "второе" in focused() and "третье" not in focused()
    browser.switch_to.active_element.send_keys(Keys.HOME)
    assert "первое" in focused()

    with app.app_context():  # turned off (on another device): the arrows scroll, as on any page
        do_update_settings(find_user("olga"), {"accessibility": {"keyboardNavigation": False,
                                                                 "screenReaderOptimized": False}})
    WebDriverWait(browser, 10).until(lambda d: "keyboard-nav" not in d.find_element(By.TAG_NAME, "html")
                                     .get_attribute("class"))
    assert log.get_attribute("aria-live") == "polite" and not browser.find_elements(By.CSS_SELECTOR, "[data-spoken-messages]")
    log.click()
    log.send_keys(Keys.ARROW_UP)
    assert focused() is None
