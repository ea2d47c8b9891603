"""English in a browser: a person switches the language in the settings and the app, another tab
and the next e-mail are English; a visitor switches it on the landing page; with JavaScript off the
plain form changes it too."""
from __future__ import annotations

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.settings.store import settings_of
from tests.accounts.conftest import PASSWORD
from tests.browser.helpers import page_text, wait_for, wait_for_island, wait_for_text
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_settings import sign_in_without_js
from tests.support import run_jobs, text_of


def page_language(driver) -> str:
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def in_english(driver, timeout: float = 10) -> None:
    """(The page is replaced while this looks: an element found may be gone before it is read.)"""
    WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: page_language(d) == "en")


def test_english_reaches_the_app_a_new_tab_and_the_next_mail(app, browser, live, mailbox):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")
    wait_for_text(browser, "Друзья")

    browser.get(live.url + "/app/settings/general")
    wait_for(browser, "select[name='language']").send_keys("English")  # typed, as a keyboard user picks it
    in_english(browser)  # autosaved, then the page loads itself again in English
    wait_for_text(browser, "Language and general")
    with app.app_context():
        assert settings_of(find_user("olga").id)["general"]["language"] == "en"

    browser.get(live.url + "/app")
    wait_for_island(browser, "app-shell")
    wait_for_text(browser, "Friends")
    assert "/static/build/en/" in browser.find_element(By.CSS_SELECTOR, "script[type=module]").get_attribute("src")
    assert "Друзья" not in page_text(browser)

    browser.switch_to.new_window("tab")
    browser.get(live.url + "/app/friends")
    wait_for_island(browser, "app-shell")
    assert page_language(browser) == "en"
    wait_for_text(browser, "Friends")

    # The next mail: an e-mail change sends a code to the new address, in her language.
    answer = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/auth/refresh', {method: 'POST'}).then((r) => r.json()).then(({accessToken}) =>"
        " fetch('/api/account/email', {method: 'POST', headers: {'Content-Type': 'application/json',"
        "  Authorization: 'Bearer ' + accessToken},"
        "  body: JSON.stringify({currentPassword: arguments[0], newEmail: 'olga.new@example.com'})}))"
        ".then((r) => r.json().then((body) => done([r.status, body])));", PASSWORD)
    assert answer[0] == 200, answer
    run_jobs(app)
    mail = mailbox.wait_for("olga.new@example.com")
    assert mail["Subject"] == "Lobby verification code"
    assert "Код" not in text_of(mail)


def test_a_visitor_switches_the_landing_page_to_english(app, browser, live):
    browser.get(live.url + "/")
    assert page_language(browser) == "ru"
    browser.find_element(By.CSS_SELECTOR, ".language-switch button[value='en']").click()
    in_english(browser)
    assert browser.find_element(By.CSS_SELECTOR, ".language-switch button[value='en']").get_attribute("aria-current") == "true"
    browser.get(live.url + "/auth")
    assert page_language(browser) == "en"  # the choice is kept (a cookie)
    wait_for_text(browser, "Log in")


def test_the_language_changes_through_the_plain_form_with_javascript_off(app, browser_without_js, live):
    make_person(app, "olga", "Ольга")
    driver = browser_without_js
    sign_in_without_js(driver, live, "olga")
    driver.get(live.url + "/app/settings/general")
    Select(driver.find_element(By.CSS_SELECTOR, "select[name='language']")).select_by_value("en")
    driver.find_element(By.XPATH, "//button[normalize-space()='Сохранить изменения']").click()
    in_english(driver)
    wait_for_text(driver, "Save changes")
    with app.app_context():
        assert settings_of(find_user("olga").id)["general"]["language"] == "en"
