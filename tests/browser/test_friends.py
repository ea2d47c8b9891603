"""The friends page in two browsers: Olga finds Pavel in the add-friend modal and asks him with a
message; Pavel, elsewhere in the app, is told at once and accepts from the pending tab; Olga is
told too. Then the tabs, counts, search filter and empty texts, blocking and unblocking, removing,
declining, and the /friends and /gaming addresses."""
import os
import re

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.friends import actions as friends
from lobby.friends.models import FriendRequest
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def guest_browser():
    driver = start_browser()
    yield driver
    driver.quit()


def user_named(username: str) -> User:
    return db.session.scalar(select(User).where(User.username == username))


def ask(app, sender: str, receiver: str, message: str | None = None) -> None:
    with app.app_context():
        friends.do_send_request(user_named(sender), receiver, message)


def befriend(app, a: str, b: str) -> None:
    with app.app_context():
        _, made = friends.do_send_request(user_named(a), b, None)
        friends.do_accept(user_named(b), db.session.get(FriendRequest, made["id"]))


def open_friends(driver, live, path: str = "/app/friends") -> None:
    driver.get(live.url + path)
    wait_for_island(driver, "app-shell")
    wait_for(driver, "h1#friends-title")
    wait_for(driver, ".friends__panel > :not(.friend-list[aria-hidden])")  # the lists, not their skeleton


def wait_for_toast(driver, *texts: str):
    """A toast whose text holds every one of `texts`."""
    return WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: next(
        (toast for toast in d.find_elements(By.CSS_SELECTOR, "[data-sonner-toast]")
         if all(text in toast.text for text in texts)), None), message=f"no toast {texts}")


def tab(driver, label: str):
    return driver.find_element(By.XPATH, f"//button[@role='tab'][starts-with(normalize-space(), '{label}')]")


def count_on(driver, label: str) -> str:
    counts = tab(driver, label).find_elements(By.CSS_SELECTOR, ".friends-tabs__count")
    return counts[0].text if counts else ""


def choose(driver, label: str) -> None:
    tab(driver, label).click()
    WebDriverWait(driver, 5).until(lambda d: tab(d, label).get_attribute("aria-selected") == "true")


def panel_text(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".friends__panel").text


def row(driver, username: str, timeout: float = 10):
    return WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f".friends__panel li[data-username='{username}']"))


def button_in(element, text: str):
    return element.find_element(By.XPATH, f".//button[normalize-space()='{text}' or @aria-label='{text}']")


def test_a_request_with_a_message_is_sent_accepted_and_both_are_told(app, browser, guest_browser, live):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    make_person(app, "pavlina", "Павлина")

    sign_in(browser, live, "olga")
    open_friends(browser, live)
    assert "Нет друзей в сети" in panel_text(browser)
    for label in ("В сети", "Все", "Запросы", "Заблокированные"):
        assert count_on(browser, label) == ""  # no badge at zero
    choose(browser, "Все")
    assert "Нет друзей" in panel_text(browser)

    # Pavel is elsewhere in the app (the welcome screen).
    sign_in(guest_browser, live, "pavel")

    # Olga looks for him: one letter is too short; 'pav' finds both Pavel and Pavlina.
    button_in(browser.find_element(By.CSS_SELECTOR, ".friends-header"), "Добавить друга").click()
    query = wait_for(browser, "#add-friend-query")
    query.send_keys("p", Keys.ENTER)
    wait_for_toast(browser, "Слишком короткий запрос", "Введите минимум 2 символа для поиска")
    query.send_keys(Keys.BACKSPACE, "nobody-like-that", Keys.ENTER)
    wait_for_text(browser, "Пользователи не найдены")
    assert "Попробуйте изменить поисковый запрос" in browser.find_element(By.CSS_SELECTOR, ".add-friend").text
    query.clear()
    query.send_keys("pav", Keys.ENTER)
    found = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".found-row[data-username='pavel']"))
    assert browser.find_element(By.CSS_SELECTOR, ".found-row[data-username='pavlina']")
    assert not browser.find_elements(By.CSS_SELECTOR, ".found-row[data-username='olga']")  # never herself
    message = browser.find_element(By.CSS_SELECTOR, ".add-friend__message")
    message.send_keys("Сыграем вечером?")
    assert "16/200" in browser.find_element(By.CSS_SELECTOR, ".add-friend .field__counter").text
    button_in(found, "Добавить pavel").click()
    wait_for_toast(browser, "Запрос отправлен")
    WebDriverWait(browser, 5).until(lambda d: "Запрос отправлен" in found.text)
    assert message.get_attribute("value") == ""
    button_in(browser.find_element(By.CSS_SELECTOR, ".add-friend .modal__footer"), "Очистить").click()
    assert query.get_attribute("value") == "" and not browser.find_elements(By.CSS_SELECTOR, ".found-row")
    button_in(browser.find_element(By.CSS_SELECTOR, ".add-friend .modal__footer"), "Закрыть").click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.add-friend"))

    # Her request waits in her pending tab.
    assert count_on(browser, "Запросы") == "1"
    choose(browser, "Запросы")
    assert "ИСХОДЯЩИЕ — 1" in panel_text(browser).upper() and "Сыграем вечером?" in row(browser, "pavel").text

    # Pavel is told wherever he is, and accepts from his pending tab.
    wait_for_toast(guest_browser, "Новый запрос в друзья", "Ольга Тестова хочет добавить вас в друзья")
    open_friends(guest_browser, live)
    assert count_on(guest_browser, "Запросы") == "1"
    choose(guest_browser, "Запросы")
    card = row(guest_browser, "olga")
    assert "Сыграем вечером?" in card.text and "Ольга Тестова" in card.text
    # The date in the settings' format (the default, dd/mm/yyyy: 24/11/2026).
    assert re.fullmatch(r"\d{2}/\d{2}/\d{4}", card.find_element(By.TAG_NAME, "time").text)
    button_in(card, "Отклонить")  # offered too
    button_in(card, "Принять").click()
    wait_for_toast(guest_browser, "Запрос принят", "Ольга Тестова добавлен в друзья")
    WebDriverWait(guest_browser, 5).until(lambda d: "Нет ожидающих запросов" in panel_text(d))

    # Olga is told live; Pavel is in her lists, online (his app is open).
    wait_for_toast(browser, "Запрос принят", "Павел Тестова добавлен в друзья")
    WebDriverWait(browser, 5).until(lambda d: count_on(d, "Запросы") == "" and count_on(d, "Все") == "1")
    choose(browser, "В сети")
    pavel = row(browser, "pavel")
    assert "В сети" in pavel.text and "Павел Тестова" in pavel.text
    assert pavel.find_elements(By.CSS_SELECTOR, ".person-avatar__dot--online")

    # He goes 'Не беспокоить': her row follows live.
    guest_browser.find_element(By.CSS_SELECTOR, "summary.user-menu__button").click()
    guest_browser.find_element(By.XPATH, "//button[normalize-space()='Не беспокоить']").click()
    WebDriverWait(browser, 10).until(lambda d: "Не беспокоить" in row(d, "pavel").text)
    assert not row(browser, "pavel").find_elements(By.XPATH, ".//button[@aria-label='Голосовой звонок']")

    # The search box filters by username or full name, in any letter case.
    search = browser.find_element(By.CSS_SELECTOR, "input[placeholder='Поиск друзей...']")
    search.send_keys("ПАВЕЛ")
    row(browser, "pavel")
    search.clear()
    search.send_keys("zzz")
    WebDriverWait(browser, 5).until(lambda d: "Друзья не найдены" in panel_text(d))
    search.send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)

    # A message opens the conversation in the page.
    button_in(row(browser, "pavel"), "Написать сообщение").click()
    with app.app_context():
        pavel_id = user_named("pavel").id
    wait_until_url(browser, f"/app/friends?dm={pavel_id}")
    assert browser.find_elements(By.CSS_SELECTOR, "[data-island='app-shell'][data-mounted='true']")  # no reload

    if os.environ.get("FRIENDS_SCREENSHOT"):
        browser.back()
        open_friends(browser, live)
        choose(browser, "Все")
        browser.set_window_size(1280, 800)
        browser.save_screenshot(os.environ["FRIENDS_SCREENSHOT"])


def test_block_unblock_remove_decline_and_the_aliases(app, browser, live):
    for username, name in (("olga", "Ольга"), ("pavel", "Павел"), ("vera", "Вера"), ("nina", "Нина")):
        make_person(app, username, name)
    befriend(app, "pavel", "olga")
    befriend(app, "vera", "olga")
    sign_in(browser, live, "olga")

    # /gaming and /friends show the friends page inside the app.
    open_friends(browser, live, "/gaming")
    assert browser.find_element(By.CSS_SELECTOR, ".app__sidebar")
    open_friends(browser, live, "/friends")
    assert "Нет друзей в сети" in panel_text(browser)  # both are offline
    assert count_on(browser, "Все") == "2"
    choose(browser, "Все")
    pavel = row(browser, "pavel")
    assert "Не в сети" in pavel.text
    assert not pavel.find_elements(By.XPATH, ".//button[@aria-label='Голосовой звонок']")  # only when online

    # Block Pavel from his row's menu: he leaves the list for the blocked tab, with no message action.
    button_in(pavel, "Ещё: Павел Тестова").click()
    browser.find_element(By.XPATH, "//div[@role='menu']//button[normalize-space()='Заблокировать']").click()
    wait_for_toast(browser, "Пользователь заблокирован")
    WebDriverWait(browser, 5).until(lambda d: count_on(d, "Заблокированные") == "1" and count_on(d, "Все") == "1")
    choose(browser, "Заблокированные")
    blocked = row(browser, "pavel")
    assert "Заблокирован" in blocked.text
    assert not blocked.find_elements(By.XPATH, ".//button[@aria-label='Написать сообщение']")
    button_in(blocked, "Разблокировать").click()
    wait_for_toast(browser, "Пользователь разблокирован")
    WebDriverWait(browser, 5).until(lambda d: "Нет заблокированных пользователей" in panel_text(d))

    # Remove Vera.
    choose(browser, "Все")
    button_in(row(browser, "vera"), "Ещё: Вера Тестова").click()
    browser.find_element(By.XPATH, "//div[@role='menu']//button[normalize-space()='Удалить из друзей']").click()
    wait_for_toast(browser, "Друг удален")
    WebDriverWait(browser, 5).until(lambda d: "Нет друзей" in panel_text(d))

    # Nina asks: Olga is told live, with a button to accept; she declines from the pending tab.
    ask(app, "nina", "olga", "Привет!")
    toast = wait_for_toast(browser, "Новый запрос в друзья", "Нина Тестова")
    assert toast.find_elements(By.XPATH, ".//button[normalize-space()='Принять']")
    WebDriverWait(browser, 5).until(lambda d: count_on(d, "Запросы") == "1")
    choose(browser, "Запросы")
    assert "ВХОДЯЩИЕ — 1" in panel_text(browser).upper()  # CSS capitals
    button_in(row(browser, "nina"), "Отклонить").click()
    wait_for_toast(browser, "Запрос отклонен")
    WebDriverWait(browser, 5).until(lambda d: "Нет ожидающих запросов" in panel_text(d))

    # A request accepted from the toast itself.
    ask(app, "vera", "olga")
    toast = wait_for_toast(browser, "Новый запрос в друзья", "Вера Тестова")
    toast.find_element(By.XPATH, ".//button[normalize-space()='Принять']").click()
    wait_for_toast(browser, "Запрос принят", "Вера Тестова добавлен в друзья")
    choose(browser, "Все")
    row(browser, "vera")
