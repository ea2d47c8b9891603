"""The global search dialog: a message sent in a channel is found by a word of it, and Enter opens
that channel with the message in view. Also: Ctrl+/ opens it, the tabs narrow it, Escape closes it."""
import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Channel
from lobby.servers.validation import check_new_server
from tests.browser.helpers import severe_console_errors, wait_for, wait_for_text, wait_until_url
from tests.browser.test_chat import wait_for_message
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


def rows(driver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, ".search [role=option]")


def selected_text(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".search [role=option][aria-selected=true]").text


def test_a_message_is_found_and_enter_opens_its_channel(app, live, browser):
    make_person(app, "olga", "Ольга")
    with app.app_context():
        olga = find_user("olga")
        server = servers.do_create_server(olga, check_new_server({"name": "Рейды", "template": "gaming"}))
        channel_id = db.session.scalar(select(Channel.id).where(Channel.server_id == server.id, Channel.name == "игра"))
        do_send_message(olga, channel_id, "Сбор на рейд в субботу, берите зелья")
        do_send_message(olga, channel_id, "Кто сегодня играет?")
        server_id = server.id

    sign_in(browser, live, "olga")
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button[aria-label='Поиск']").click()
    box = wait_for(browser, ".search input[role=combobox]")
    assert box.get_attribute("placeholder") == "Поиск сообщений, пользователей, серверов..."
    assert "Начните печатать для поиска" in browser.find_element(By.CSS_SELECTOR, ".search").text

    box.send_keys("ЗЕЛЬЯ")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1)
    row = rows(browser)[0]
    assert "Сбор на рейд в субботу, берите зелья" in row.text and "olga" in row.text
    assert row.find_element(By.CSS_SELECTOR, "mark").text == "зелья"  # the matching word, marked
    assert "игра" in row.text and "Рейды" in row.text
    assert "Найдено: 1 результат" in browser.find_element(By.CSS_SELECTOR, ".search__footer").text

    box.send_keys(Keys.ENTER)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{channel_id}")
    assert not browser.find_elements(By.CSS_SELECTOR, ".search")
    wait_for_message(browser, "Сбор на рейд в субботу, берите зелья")
    assert severe_console_errors(browser) == []


def test_shortcut_tabs_arrows_and_escape(app, live, browser):
    make_person(app, "olga", "Ольга")
    make_person(app, "reid_fan", "Рейдер")
    with app.app_context():
        olga = find_user("olga")
        server = servers.do_create_server(olga, check_new_server({"name": "Рейдовый клуб", "template": "gaming"}))
        channel_id = db.session.scalar(select(Channel.id).where(Channel.server_id == server.id).order_by(Channel.id))
        do_send_message(olga, channel_id, "рейд в пятницу")
        server_id = server.id

    sign_in(browser, live, "olga")
    wait_for(browser, ".app-topbar")
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("/").key_up(Keys.CONTROL).perform()
    box = wait_for(browser, ".search input[role=combobox]")
    box.send_keys("рейд")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 3)  # a server, a person, a message
    assert "Сервер" in rows(browser)[0].text and "Рейдовый клуб" in rows(browser)[0].text

    assert "Рейдовый клуб" in selected_text(browser)
    box.send_keys(Keys.ARROW_DOWN)
    assert "@reid_fan" in selected_text(browser)
    box.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)  # past the last row: back to the first
    assert "Рейдовый клуб" in selected_text(browser)
    box.send_keys(Keys.ARROW_UP)
    assert "рейд в пятницу" in selected_text(browser)

    browser.find_element(By.XPATH, "//*[@role='tab' and normalize-space()='Сообщение']").click()
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1 and "рейд в пятницу" in rows(d)[0].text)
    browser.find_element(By.XPATH, "//*[@role='tab' and normalize-space()='Сервер']").click()
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1 and "Рейдовый клуб" in rows(d)[0].text)
    rows(browser)[0].click()
    wait_until_url(browser, f"/app/servers/{server_id}")

    browser.find_element(By.CSS_SELECTOR, ".app-topbar button[aria-label='Поиск']").click()
    box = wait_for(browser, ".search input[role=combobox]")
    box.send_keys("нечтонесуществующее")
    wait_for_text(browser, "Ничего не найдено")
    wait_for_text(browser, "Попробуйте изменить запрос или настройки поиска")
    box.send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".search"))
    assert severe_console_errors(browser) == []


def in_view(driver, css: str) -> bool:
    """The element is inside the window's visible area (not merely somewhere in the page)."""
    return driver.execute_script("""
        const el = document.querySelector(arguments[0]);
        if (!el) return false;
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    """, css)


def test_an_old_result_opens_its_channel_scrolled_back_to_it(app, live, browser):
    make_person(app, "olga", "Ольга")
    with app.app_context():
        olga = find_user("olga")
        server = servers.do_create_server(olga, check_new_server({"name": "Архив", "template": "custom"}))
        channel_id = db.session.scalar(select(Channel.id).where(Channel.server_id == server.id))
        old = do_send_message(olga, channel_id, "Пароль от склада: кракозябра")["id"]
        for number in range(140):  # three pages of newer messages bury it
            do_send_message(olga, channel_id, f"Болтовня номер {number}")

    sign_in(browser, live, "olga")
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button[aria-label='Поиск']").click()
    wait_for(browser, ".search input[role=combobox]").send_keys("кракозябра")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    css = f"li.message[data-message-id='{old}']"
    WebDriverWait(browser, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, css) and in_view(d, css))
    assert "кракозябра" in browser.find_element(By.CSS_SELECTOR, css).text
    assert severe_console_errors(browser) == []
