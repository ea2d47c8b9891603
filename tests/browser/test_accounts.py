"""A new person registers, verifies with the mailed code, signs in and out, and resets a
forgotten password — with JavaScript on (islands) and off (plain forms)."""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.accounts.conftest import PASSWORD, code_in
from tests.browser.helpers import page_text, wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.support import run_jobs, text_of

pytestmark = pytest.mark.browser

PERSON = {"firstName": "Мария", "lastName": "Иванова", "username": "masha", "email": "masha@example.com",
          "password": PASSWORD}


def fill(driver, values: dict) -> None:
    for name, value in values.items():
        field = driver.find_element(By.ID, name)
        field.clear()
        field.send_keys(value)


def mailed_code(app, mailbox, email: str, count: int = 1) -> str:
    run_jobs(app)
    return code_in(mailbox.wait_for(email, count=count))


def paste(driver, element, text: str) -> None:
    """A real paste event carrying `text`, as Ctrl+V from the clipboard would fire."""
    driver.execute_script(
        "const data = new DataTransfer(); data.setData('text/plain', arguments[1]);"
        "arguments[0].dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));",
        element, text)


def sign_in(driver, live, identifier: str, password: str) -> None:
    driver.get(live.url + "/auth")
    wait_for(driver, "#emailOrUsername")
    fill(driver, {"emailOrUsername": identifier, "password": password})
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


@pytest.mark.stack
def test_register_verify_by_pasted_code_sign_in_and_out(app, browser, live, mailbox):
    mailbox.messages.clear()
    browser.get(live.url + "/auth/register")
    wait_for_island(browser, "register-form")
    fill(browser, PERSON)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()

    wait_until_url(browser, "/auth/verify-email")
    wait_for_island(browser, "verify-email")
    boxes = browser.find_elements(By.CSS_SELECTOR, ".code-box")
    assert len(boxes) == 6
    code = mailed_code(app, mailbox, PERSON["email"])
    paste(browser, boxes[0], code)  # fills all six boxes and submits at once

    wait_until_url(browser, "/auth?verified=true")
    wait_for_text(browser, "Email успешно подтвержден! Теперь вы можете войти в систему.")
    wait_for_island(browser, "login-form")
    fill(browser, {"emailOrUsername": "masha", "password": PASSWORD})
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()

    wait_until_url(browser, "/app")
    wait_for_island(browser, "app-shell")
    browser.find_element(By.CSS_SELECTOR, ".user-menu summary, .user-menu__button").click()
    assert "@masha" in page_text(browser)
    browser.find_element(By.XPATH, "//button[normalize-space()='Выйти']").click()
    wait_until_url(browser, "/auth")
    browser.get(live.url + "/app")
    wait_until_url(browser, "/auth")


def test_code_boxes_move_focus_and_backspace_goes_back(accounts, browser, live):
    accounts.register(email="masha@example.com", username="masha")
    browser.get(live.url + "/auth/verify-email?email=masha%40example.com")
    wait_for_island(browser, "verify-email")
    boxes = browser.find_elements(By.CSS_SELECTOR, ".code-box")
    boxes[0].send_keys("1")
    assert browser.switch_to.active_element == boxes[1]
    boxes[1].send_keys("2")
    browser.switch_to.active_element.send_keys(Keys.BACKSPACE)  # box 3 is empty: back to box 2
    assert browser.switch_to.active_element == boxes[1]


def test_wrong_code_clears_the_boxes_and_says_so(accounts, browser, live):
    accounts.register(email="masha@example.com", username="masha")
    right = accounts.latest_code("masha@example.com")
    browser.get(live.url + "/auth/verify-email?email=masha%40example.com")
    wait_for_island(browser, "verify-email")
    boxes = browser.find_elements(By.CSS_SELECTOR, ".code-box")
    paste(browser, boxes[0], "000000" if right != "000000" else "111111")
    wait_for_text(browser, "Неверный код. Проверьте правильность ввода.")
    assert [box.get_attribute("value") for box in boxes] == [""] * 6
    assert browser.switch_to.active_element == boxes[0]


def test_login_errors_show_under_the_right_field(accounts, browser, live):
    accounts.verified(email="masha@example.com", username="masha")
    browser.get(live.url + "/auth")
    wait_for_island(browser, "login-form")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    identifier_error = wait_for(browser, "#emailOrUsername ~ .field__error, #emailOrUsername-error")
    assert identifier_error.text == "Введите email или username"
    password_error = browser.find_element(By.CSS_SELECTOR, "#password-error")
    assert password_error.text == "Введите пароль"

    fill(browser, {"emailOrUsername": "masha", "password": "wrong-password"})
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(browser, "Неверный email/username или пароль")
    assert browser.current_url.endswith("/auth")


def test_whole_journey_with_javascript_off(app, browser_without_js, live, mailbox):
    driver = browser_without_js
    mailbox.messages.clear()
    driver.get(live.url + "/auth/register")
    fill(driver, PERSON)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(driver, "/auth/verify-email")
    fill(driver, {"code": mailed_code(app, mailbox, PERSON["email"])})
    driver.find_element(By.XPATH, "//button[normalize-space()='Подтвердить']").click()
    wait_until_url(driver, "/auth?verified=true")
    assert "Email успешно подтвержден!" in page_text(driver)

    sign_in(driver, live, "masha@example.com", PASSWORD)
    wait_until_url(driver, "/app")
    assert "Добро пожаловать в Lobby!" in page_text(driver)
    driver.find_element(By.CSS_SELECTOR, ".user-menu summary").click()
    driver.find_element(By.XPATH, "//button[normalize-space()='Выйти']").click()
    wait_until_url(driver, "/auth")

    # Forgot the password: the link in the mail sets a new one.
    driver.get(live.url + "/auth/forgot-password")
    fill(driver, {"email": PERSON["email"]})
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(driver, "Проверьте почту")
    run_jobs(app)
    link = re.search(r"http\S+/auth/reset-password\?token=[\w-]+", text_of(mailbox.wait_for(PERSON["email"], count=2)))
    driver.get(link.group(0))
    fill(driver, {"password": "a-new-password-1"})
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(driver, "/auth")
    assert "Пароль изменен. Войдите с новым паролем." in page_text(driver)
    sign_in(driver, live, "masha", "a-new-password-1")
    wait_until_url(driver, "/app")


def test_forgotten_password_reset_with_javascript_on(accounts, app, browser, live):
    accounts.verified(email="masha@example.com", username="masha")
    browser.get(live.url + "/auth")
    wait_for_island(browser, "login-form")
    browser.find_element(By.LINK_TEXT, "Забыли пароль?").click()
    wait_until_url(browser, "/auth/forgot-password")
    fill(browser, {"email": "masha@example.com"})
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(browser, "Проверьте почту")
    run_jobs(app)
    link = re.search(r"http\S+/auth/reset-password\?token=[\w-]+",
                     text_of(accounts.mailbox.wait_for("masha@example.com", count=2))).group(0)
    browser.get(link)
    fill(browser, {"password": "a-new-password-2"})
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(browser, "Пароль изменен. Войдите с новым паролем.")
    wait_for_island(browser, "login-form")
    fill(browser, {"emailOrUsername": "masha", "password": "a-new-password-2"})
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(browser, "/app")


def test_resend_waits_60_seconds_only_after_a_code_was_sent(accounts, browser, live):
    accounts.register(email="masha@example.com", username="masha")  # another browser registered
    accounts.countdown_over()  # a minute ago: the address may have a new code (one a minute per address)
    browser.get(live.url + "/auth/verify-email?email=masha%40example.com")
    wait_for_island(browser, "verify-email")
    resend = browser.find_element(By.XPATH, "//button[contains(., 'Отправить')]")
    assert resend.is_enabled()  # this browser was sent no code: no countdown
    resend.click()
    wait_for_text(browser, "Новый код отправлен на email")
    countdown = browser.find_element(By.XPATH, "//button[contains(., 'Отправить')]")
    assert not countdown.is_enabled() and re.search(r"\d+ с", countdown.text)


def test_registration_shows_live_availability(accounts, browser, live):
    accounts.verified()  # @anna, anna@example.com
    browser.get(live.url + "/auth/register")
    wait_for_island(browser, "register-form")
    fill(browser, {"username": "ANNA"})
    wait_for_text(browser, "Этот username уже занят", timeout=8)  # checked 2 s after typing stops
    fill(browser, {"username": "anna_free", "email": "anna@example.com"})
    wait_for_text(browser, "Username свободен", timeout=8)
    wait_for_text(browser, "Этот email уже используется", timeout=8)
