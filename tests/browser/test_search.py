"""The global search dialog: a message sent in a channel is found by a word of it, and Enter opens
that channel with the message in view. Also: Ctrl+/ leads to it (through the palette), the tabs narrow it, Escape closes it;
the operators' hints under 2 characters, `from:@b has:file` finds B's file message and opens it
highlighted, and a message older than the newest 2,000 opens too, with a way back to the present."""
from io import BytesIO

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import insert, select
from werkzeug.datastructures import FileStorage

from lobby.accounts.actions import find_user
from lobby.accounts.tokens import Claims
from lobby.extensions import db
from lobby.messages.models import Message
from lobby.messages.sending import do_send_message, send_message
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
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
    box = wait_for(browser, ".search input[role=combobox]")
    assert box.get_attribute("placeholder") == "Поиск сообщений, пользователей, серверов..."
    assert "Начните печатать для поиска" in browser.find_element(By.CSS_SELECTOR, ".search").text

    box.send_keys("ЗЕЛЬЯ")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1)
    row = rows(browser)[0]
    assert "Сбор на рейд в субботу, берите зелья" in row.text and "Ольга Тестова" in row.text
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
    # Ctrl+/ opens the palette with 'search ' typed; what follows goes to the search dialog.
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("/").key_up(Keys.CONTROL).perform()
    palette = wait_for(browser, "dialog[open] .palette__input")
    assert palette.get_attribute("value") == "search "
    palette.send_keys("рей", Keys.ENTER)
    box = wait_for(browser, ".search input[role=combobox]")
    assert box.get_attribute("value") == "рей"
    box.send_keys("д")
    # The rows for 'рей' stay shown until those for 'рейд' arrive (and select the first row again):
    # wait for the server's name to be marked as far as 'Рейд'.
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 3 and any(
        mark.text == "Рейд" for mark in rows(d)[0].find_elements(By.CSS_SELECTOR, "mark")))
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

    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
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
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
    wait_for(browser, ".search input[role=combobox]").send_keys("кракозябра")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    css = f"li.message[data-message-id='{old}']"
    WebDriverWait(browser, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, css) and in_view(d, css))
    assert "кракозябра" in browser.find_element(By.CSS_SELECTOR, css).text
    assert severe_console_errors(browser) == []


def send_file(user, channel_id: int, content: str, filename: str) -> int:
    """A message with one plain file, as the composer's multipart send stores it."""
    upload = FileStorage(BytesIO(b"quarterly numbers\n"), filename=filename, content_type="text/plain")
    return send_message(Claims(user.id, user.session_version), channel_id, content, files=[upload])[0]["id"]


def server_with_a_and_b(app, name: str) -> tuple[int, int]:
    """A server of anna's (A) that bob (B) joined: (server id, its first text channel's id)."""
    make_person(app, "anna", "Анна")
    make_person(app, "bob", "Борис")
    with app.app_context():
        anna, bob = find_user("anna"), find_user("bob")
        server = servers.do_create_server(anna, check_new_server({"name": name, "template": "custom"}))
        servers.do_join(server, bob)
        channel_id = db.session.scalar(select(Channel.id).where(Channel.server_id == server.id))
        return server.id, channel_id


def flashed(driver, message_id: int) -> bool:
    """The message is highlighted (the jump's flash) and inside the window's visible area."""
    css = f"li.message[data-message-id='{message_id}']"
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return bool(found) and "is-flash" in (found[0].get_attribute("class") or "") and in_view(driver, css)


def test_hints_then_from_b_has_file_opens_b_s_file_message_highlighted(app, live, browser):
    server_id, channel_id = server_with_a_and_b(app, "Отчёты")
    with app.app_context():
        anna, bob = find_user("anna"), find_user("bob")
        do_send_message(bob, channel_id, "отчёт будет позже")  # B's, without a file
        wanted = send_file(bob, channel_id, "вот квартальный отчёт", "отчёт.txt")
        send_file(anna, channel_id, "и мой файл", "заметки.txt")  # a file, but A's
        for number in range(60):  # B's file message leaves the first page
            do_send_message(anna, channel_id, f"обсуждение {number}")

    sign_in(browser, live, "anna")
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
    box = wait_for(browser, ".search input[role=combobox]")
    hints = [hint.text for hint in browser.find_elements(By.CSS_SELECTOR, ".search-hints code")]
    assert hints[:6] == ["in:#general", "from:@username", "has:link", "has:file", "before:yesterday",
                         "after:last week"]  # the spec's, in its order
    browser.find_element(By.XPATH, "//*[contains(@class,'search-hints__hint')][code='from:@username']").click()
    WebDriverWait(browser, 5).until(lambda d: box.get_attribute("value") == "from:@")
    # 2 characters and more: no hints (once the query settled)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".search-hints"))
    box.send_keys("bob has:file")  # B is bob (a username has 3 characters at least)
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1 and "вот квартальный отчёт" in rows(d)[0].text)
    assert "Борис Тестова" in rows(browser)[0].text
    assert "Найдено: 1 результат" in browser.find_element(By.CSS_SELECTOR, ".search__footer").text

    box.send_keys(Keys.ENTER)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{channel_id}")
    WebDriverWait(browser, 10, poll_frequency=0.05).until(lambda d: flashed(d, wanted))
    assert severe_console_errors(browser) == []


def test_a_message_older_than_the_newest_two_thousand_opens_and_the_present_is_one_click_away(app, live, browser):
    server_id, channel_id = server_with_a_and_b(app, "Летопись")
    with app.app_context():
        anna, bob = find_user("anna"), find_user("bob")
        old = send_file(bob, channel_id, "древний свиток", "свиток.txt")
        db.session.execute(insert(Message), [  # seeded as rows: sending 2,100 would take minutes
            {"channel_id": channel_id, "author_id": anna.id, "content": f"поток {number}"} for number in range(2100)])
        db.session.commit()

    sign_in(browser, live, "anna")
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
    wait_for(browser, ".search input[role=combobox]").send_keys("свиток from:@bob")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 1 and "древний свиток" in rows(d)[0].text)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{channel_id}")
    WebDriverWait(browser, 15, poll_frequency=0.05).until(lambda d: flashed(d, old))
    assert "Сообщение не найдено" not in browser.find_element(By.TAG_NAME, "body").text

    back = wait_for(browser, ".message-pane .new-messages-pill")
    assert back.text.strip() == "К последним сообщениям"
    back.click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(  # the list is re-rendered meanwhile: read it whole
        "return [...document.querySelectorAll('li.message .message__content')].some(e => e.textContent === arguments[0])",
        "поток 2099"))
    WebDriverWait(browser, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".message-pane .new-messages-pill"))
    WebDriverWait(browser, 10).until(lambda d: in_view(d, "li.message:last-of-type"))
    assert not browser.find_elements(By.CSS_SELECTOR, f"li.message[data-message-id='{old}']")
    assert severe_console_errors(browser) == []


def row_titles(driver) -> list[str]:
    return [row.find_element(By.CSS_SELECTOR, ".search-row__title").text for row in rows(driver)]


def test_a_server_or_username_named_exactly_as_typed_comes_first(app, live, browser):
    """The API sends servers by name ('Ночной рейд' before 'Рейд') and the dialog lists servers,
    then people: the exact titles go ahead of both."""
    make_person(app, "olga", "Ольга")
    make_person(app, "reider", "Рейдер")  # found by the first name only: not exact
    make_person(app, "raid", "Гоша")
    with app.app_context():
        olga = find_user("olga")
        for name in ("Ночной рейд", "Рейд", "Raid night"):
            servers.do_create_server(olga, check_new_server({"name": name, "template": "custom"}))

    sign_in(browser, live, "olga")
    browser.find_element(By.CSS_SELECTOR, ".app-topbar button.app-topbar__search").click()
    box = wait_for(browser, ".search input[role=combobox]")
    box.send_keys("рейд")
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 3)
    assert row_titles(browser) == ["Рейд", "Ночной рейд", "Рейдер Тестова"]
    assert "Рейд" in selected_text(browser)

    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("raid")  # a person named exactly so goes before a server that merely holds it
    WebDriverWait(browser, 10).until(lambda d: len(rows(d)) == 2 and "@raid" in rows(d)[0].text)
    assert row_titles(browser) == ["Гоша Тестова", "Raid night"]
    assert "Пользователь" in rows(browser)[0].text and "Сервер" in rows(browser)[1].text
