"""The rough edges issue 29 names, as people meet them: the kick toast names the server and the
reason; the owner is not offered to kick herself over a report; long unbroken text wraps in the
reports, the audit log, the sidebar and dialogs; a channel's name has a stated rule in its dialogs
and markup in a name shows as text; the no-JS notice of /app is on the first screen; a screen that
fails to render shows the router's fallback; a throttled read (429) pauses the availability check."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Channel, Server
from lobby.servers.reports import do_report
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_servers import click_text, make_person, sign_in
from tests.browser.test_unread import guild  # noqa: F401  (a fixture: vera owns 'Гильдия', olga is a member)

pytestmark = pytest.mark.browser

LONG = "Ы" * 300  # one word, wider than any column


def stub_fetch(driver, path_part: str, status: int, body) -> None:
    """From the next page load on, fetches whose address contains `path_part` answer this instead."""
    script = f"""
    const realFetch = window.fetch;
    window.fetch = (input, init) => String(input).includes({json.dumps(path_part)})
      ? Promise.resolve(new Response({json.dumps(json.dumps(body))}, {{status: {status},
          headers: {{'Content-Type': 'application/json'}}}}))
      : realFetch(input, init);
    """
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})


def overflowing(driver, css: str) -> list[str]:
    """The elements matching `css` whose content is wider than they are (a long word not wrapped)."""
    return driver.execute_script("""
      return [...document.querySelectorAll(arguments[0])]
        .filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.className + ' ' + e.scrollWidth + '>' + e.clientWidth);""", css)


def test_a_kicked_member_is_told_the_server_and_the_reason(app, live, browser, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for(browser, "#composer")
    with app.app_context():
        server = db.session.get(Server, server_id)
        servers.do_kick(server, servers.membership_of(find_user("vera"), server_id), find_user("olga").id,
                        "Спам в общем чате")
    WebDriverWait(browser, 10).until(lambda d: any(
        "Вас исключили с сервера «Гильдия»" in toast.text and "Причина: Спам в общем чате" in toast.text
        for toast in d.find_elements(By.CSS_SELECTOR, "[data-sonner-toast]")))
    wait_until_url(browser, "/app")


def test_the_owner_is_not_offered_to_kick_or_ban_herself_over_a_report(app, live, browser, guild):
    server_id, channels = guild
    with app.app_context():
        hers = do_send_message(find_user("vera"), channels["общий"], "моё сообщение")["id"]
        theirs = do_send_message(find_user("olga"), channels["общий"], "сообщение Ольги")["id"]
        do_report(find_user("olga"), hers, "не нравится")
        do_report(find_user("vera"), theirs, "спам")
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/admin")
    click_text(browser, "Жалобы", "button")
    rows = WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.report-row") or None)

    def buttons(text: str) -> list[str]:
        row = next(row for row in rows if text in row.text)
        return [button.text for button in row.find_elements(By.CSS_SELECTOR, ".report-row__actions button")]

    assert buttons("моё сообщение") == ["Отклонить", "Удалить сообщение"]
    assert buttons("сообщение Ольги") == ["Отклонить", "Удалить сообщение", "Исключить автора", "Заблокировать автора"]


def test_long_unbroken_text_wraps_in_reports_the_log_the_sidebar_and_dialogs(app, live, browser, guild):
    server_id, channels = guild
    make_person(app, "pavel", "Павел")
    with app.app_context():
        server = db.session.get(Server, server_id)
        server.description = LONG
        server.name = "Д" * 100  # the longest name the rule allows, one word
        db.session.add(Channel(server_id=server_id, name="К" * 100, type="TEXT", position=9))
        db.session.commit()
        servers.do_join(server, find_user("pavel"))
        servers.do_kick(server, servers.membership_of(find_user("vera"), server_id), find_user("pavel").id, LONG)
        message = do_send_message(find_user("olga"), channels["общий"], LONG)["id"]
        do_report(find_user("vera"), message, LONG)
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/admin")
    click_text(browser, "Журнал", "button")
    wait_for(browser, "li.log-entry")
    assert overflowing(browser, "li.log-entry, .log-entry__body, .log-entry__reason") == []
    click_text(browser, "Жалобы", "button")
    wait_for(browser, "li.report-row")
    assert overflowing(browser, "li.report-row, .report-row__message, .report-row__reason") == []
    assert overflowing(browser, "dialog[open] .modal__header, dialog[open] .modal__subtitle") == []

    browser.get(f"{live.url}/app/servers/{server_id}")  # the sidebar, and the leave dialog with the long name
    wait_for(browser, ".channel-view__menu")
    assert overflowing(browser, ".sidebar, .channel-view__header, .channel-view__titles, .channel-list") == []
    wait_for(browser, ".channel-view__menu").click()
    wait_for(browser, ".server-menu [data-item='settings']")
    browser.find_element(By.CSS_SELECTOR, ".server-menu [data-item='leave']").click()
    wait_for(browser, "dialog[open][role=alertdialog]")
    assert overflowing(browser, "dialog[open], dialog[open] .modal__body, dialog[open] .modal__header") == []


def test_a_channel_name_has_a_stated_rule_and_markup_in_a_name_is_text(app, live, browser, guild):
    server_id, channels = guild
    with app.app_context():  # a name from before the rule, with markup in it
        db.session.add(Channel(server_id=server_id, name="<b>жирный</b><img src=x onerror=alert(1)>", type="TEXT",
                               position=9))
        db.session.commit()
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_text(browser, "<b>жирный</b><img src=x onerror=alert(1)>")  # shown as typed, nothing ran
    assert not browser.find_elements(By.CSS_SELECTOR, ".sidebar b, .sidebar img[src='x']")

    browser.find_element(By.CSS_SELECTOR, ".channel-list button[aria-label='Создать текстовый канал']").click()
    dialog = wait_for(browser, "dialog[open]")
    assert "До 100 символов: буквы, цифры, эмодзи, пробелы, дефисы и подчёркивания." in dialog.text
    dialog.find_element(By.ID, "channel-name").send_keys("<b>чат</b>")
    dialog.find_element(By.XPATH, "//button[normalize-space()='Создать']").click()
    wait_for_text(browser, "Только буквы, цифры, эмодзи, пробелы, дефисы и подчёркивания")
    field = dialog.find_element(By.ID, "channel-name")
    field.clear()
    field.send_keys("🎮 чат_по-вечерам")
    dialog.find_element(By.XPATH, "//button[normalize-space()='Создать']").click()
    wait_for_text(browser, "Канал создан")


@pytest.mark.parametrize("phone", [False, True])
def test_the_no_javascript_notice_is_on_the_first_screen(app, live, guild, phone):
    server_id, channels = guild
    driver = start_browser(javascript=False, **({"phone": True, "width": 390, "height": 844} if phone else {}))
    try:
        driver.get(f"{live.url}/auth")
        driver.find_element(By.ID, "emailOrUsername").send_keys("olga")
        # Enter, not a click: an emulated phone taps by touch events, which hang with scripts off.
        driver.find_element(By.ID, "password").send_keys("correct-horse-42", Keys.ENTER)
        for path in ("/app", f"/app/servers/{server_id}/channels/{channels['общий']}"):
            driver.get(live.url + path)
            notice = wait_for(driver, ".frame-noscript")
            assert "Чату нужен JavaScript" in notice.text
            bottom = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", notice)
            assert bottom <= driver.execute_script("return window.innerHeight"), path
    finally:
        driver.quit()


def test_a_screen_that_fails_to_render_shows_the_routers_fallback(app, live, browser, guild):
    server_id, _ = guild
    sign_in(browser, live, "olga")
    # The overview's answer comes back malformed: a name that is no text cannot be rendered.
    stub_fetch(browser, f"/api/servers/{server_id}", 200, {"server": {"id": server_id, "name": {"oops": 1},
                                                                       "myRole": "member"}})
    browser.get(f"{live.url}/app/friends")
    wait_for_island(browser, "app-shell")
    browser.execute_script("window.history.pushState({}, '', arguments[0]); window.dispatchEvent(new PopStateEvent('popstate'))",
                           f"/app/servers/{server_id}")
    fallback = wait_for(browser, ".route-error")
    assert "Something went wrong!" in fallback.text
    detail = fallback.find_element(By.CSS_SELECTOR, ".route-error__detail")
    assert not detail.is_displayed()
    fallback.find_element(By.XPATH, ".//button[normalize-space()='Показать ошибку']").click()
    # React's production build names its errors by number: #31 is "Objects are not valid as a React child".
    assert detail.is_displayed() and "React error #31" in detail.text
    fallback.find_element(By.XPATH, ".//button[normalize-space()='Скрыть ошибку']").click()
    assert not detail.is_displayed()
    wait_for(browser, ".rail-item--home")  # the shell around it goes on (the rail reads no overview)


def test_a_throttled_read_pauses_the_availability_check(live, browser):
    stub_fetch(browser, "/api/auth/check-availability", 429, {"message": "Слишком много запросов", "code": "RATE_LIMITED"})
    browser.get(f"{live.url}/auth/register")
    wait_for_island(browser, "register-form")
    browser.find_element(By.ID, "username").send_keys("masha")
    wait_for_text(browser, "Проверка временно недоступна")
    logs = browser.get_log("browser")
    assert any("Rate limited" in entry["message"] and entry["level"] == "WARNING" for entry in logs)  # warned, not thrown
