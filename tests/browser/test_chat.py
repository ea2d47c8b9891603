"""Two people chat live in a channel: A sends, B sees it; B replies and reacts, A sees both;
A types, B sees 'печатает'; B drops offline and comes back to find every message."""
import time

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.servers import actions as servers
from lobby.servers.validation import check_new_server
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_text
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def second_browser():
    driver = start_browser()
    yield driver
    driver.quit()


def open_general(app, live, driver) -> None:
    with app.app_context():
        from sqlalchemy import select

        from lobby.extensions import db
        from lobby.servers.models import Channel

        channel = db.session.scalar(select(Channel).where(Channel.name == "общий"))
        server_id, channel_id = channel.server_id, channel.id  # ids go on counting across tests on PostgreSQL
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")


def say(driver, text: str) -> None:
    box = wait_for(driver, "#composer")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def contents(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.message .message__content")]


def wait_for_message(driver, text: str, timeout: float = 10):
    return WebDriverWait(driver, timeout).until(lambda d: next(
        (m for m in d.find_elements(By.CSS_SELECTOR, "li.message")
         if m.find_elements(By.CSS_SELECTOR, ".message__content")
         and m.find_element(By.CSS_SELECTOR, ".message__content").text == text), None))


def offline(driver, value: bool) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": value, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


@pytest.mark.stack
def test_two_people_chat_live_and_nothing_is_lost(app, live, browser, second_browser):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    with app.app_context():
        server = servers.do_create_server(find_user("olga"), check_new_server({"name": "Рейды", "template": "gaming"}))
        servers.do_join(server, find_user("pavel"))

    sign_in(browser, live, "olga")
    sign_in(second_browser, live, "pavel")
    open_general(app, live, browser)
    open_general(app, live, second_browser)

    # A sends, B sees it live.
    say(browser, "Кто в рейд сегодня?")
    question = wait_for_message(second_browser, "Кто в рейд сегодня?")
    assert question.find_element(By.CSS_SELECTOR, ".message__author").text == "Ольга Тестова"  # her one name

    # B replies and reacts; A sees both.
    ActionChains(second_browser).move_to_element(question).perform()
    question.find_element(By.XPATH, ".//button[@aria-label='Ответить']").click()
    assert wait_for(second_browser, ".composer__reply-text").text == "Ответ Ольга Тестова"  # the spec's reply banner
    say(second_browser, "Я в деле!")
    answer = wait_for_message(browser, "Я в деле!")
    assert "Кто в рейд сегодня?" in answer.find_element(By.CSS_SELECTOR, ".message__reply").text

    question = wait_for_message(second_browser, "Кто в рейд сегодня?")
    ActionChains(second_browser).move_to_element(question).perform()
    question.find_element(By.XPATH, ".//button[@aria-label='Добавить реакцию']").click()
    second_browser.find_element(By.XPATH, "//button[@aria-label='👍' or normalize-space()='👍']").click()
    WebDriverWait(browser, 10).until(lambda d: "👍 1" in " ".join(
        chip.text for chip in wait_for_message(d, "Кто в рейд сегодня?").find_elements(By.CSS_SELECTOR, ".reaction-chip")))

    # A types; B sees it.
    wait_for(browser, "#composer").send_keys("Сбор в 20")
    WebDriverWait(second_browser, 10).until(
        lambda d: "Ольга Тестова печатает..." in d.find_element(By.CSS_SELECTOR, ".typing-line").text)
    wait_for(browser, "#composer").send_keys(":00", Keys.ENTER)
    wait_for_message(second_browser, "Сбор в 20:00")

    # B's network drops: no new connection can be made, and the open socket dies (the browser's
    # offline switch leaves open sockets alone, so the server side of B's socket is cut).
    offline(second_browser, True)
    with app.app_context():
        pavel_id = find_user("pavel").id
    for connection in app.extensions["lobby.hub"].connections_of(pavel_id):
        connection.abort()
    WebDriverWait(second_browser, 15).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text != "онлайн")
    for text in ("Первое без тебя", "Второе без тебя", "Третье без тебя"):
        say(browser, text)
        wait_for_message(browser, text)
    time.sleep(0.5)
    offline(second_browser, False)
    for text in ("Первое без тебя", "Второе без тебя", "Третье без тебя"):
        wait_for_message(second_browser, text, timeout=30)
    seen = contents(second_browser)
    assert len(seen) == len(set(seen)) == 6
