"""Files in the chat: A opens the attach panel, picks files, removes one, sends; both people see the
card with its size, B live, and B's download link and picture answer (the page session signs in)."""
import pytest
from sqlalchemy import select
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.servers import actions as servers
from lobby.servers.validation import check_new_server
from tests.browser.helpers import wait_for, wait_for_text
from tests.browser.test_chat import second_browser  # noqa: F401  (the second browser)
from tests.browser.test_servers import make_person, sign_in
from tests.servers.conftest import picture

pytestmark = pytest.mark.browser

REPORT_BYTES = 1_536_000  # 1,46 МБ


def open_general(app, live, driver, server: int) -> None:
    """The server's text channel 'общий' (ids differ between runs on PostgreSQL: sequences go on)."""
    from lobby.extensions import db
    from lobby.servers.models import Channel

    with app.app_context():
        channel_id = db.session.scalar(select(Channel.id).where(Channel.server_id == server, Channel.name == "общий"))
    driver.get(f"{live.url}/app/servers/{server}/channels/{channel_id}")
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")


def make_server(app, owner: str, *members: str) -> int:
    with app.app_context():
        server = servers.do_create_server(find_user(owner), check_new_server({"name": "Рейды", "template": "gaming"}))
        for member in members:
            servers.do_join(server, find_user(member))
        return server.id


def pending_names(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".pending-file__name")]


def card_with(driver, filename: str, timeout: float = 10):
    return WebDriverWait(driver, timeout).until(lambda d: next(
        (card for card in d.find_elements(By.CSS_SELECTOR, "li.message .attachment-card")
         if card.find_element(By.CSS_SELECTOR, ".attachment-card__name").text == filename), None))


def status_of(driver, url: str) -> int:
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then((r) => done(r.status), () => done(0));", url)


def test_a_file_sent_from_the_picker_reaches_the_other_member(app, live, browser, second_browser, tmp_path):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    server = make_server(app, "olga", "pavel")
    report = tmp_path / "Отчёт.pdf"
    report.write_bytes(b"%PDF-1.4\n" + b"\0" * (REPORT_BYTES - 9))
    shot = tmp_path / "скрин.png"
    shot.write_bytes(picture("PNG", (400, 300)))

    sign_in(browser, live, "olga")
    sign_in(second_browser, live, "pavel")
    open_general(app, live, browser, server)
    open_general(app, live, second_browser, server)

    # A opens the attach panel and picks two files; removes the picture again.
    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Прикрепить файлы']").click()
    wait_for_text(browser, "Перетащите файлы сюда или")
    assert browser.find_element(By.CSS_SELECTOR, ".attach-panel__pick").text == "Выбрать файлы"
    browser.find_element(By.CSS_SELECTOR, "input.composer__file-input").send_keys(f"{report}\n{shot}")
    WebDriverWait(browser, 10).until(lambda d: pending_names(d) == ["Отчёт.pdf", "скрин.png"])
    assert browser.find_element(By.CSS_SELECTOR, ".pending-file__size").text == "1,46 МБ"
    assert "2/10" in browser.find_element(By.CSS_SELECTOR, ".composer__file-count").text
    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Убрать файл скрин.png']").click()
    WebDriverWait(browser, 5).until(lambda d: pending_names(d) == ["Отчёт.pdf"])

    # A sends it with a line of text; the composer is empty again.
    box = wait_for(browser, "#composer")
    box.send_keys("Итоги рейда")
    box.send_keys(Keys.ENTER)
    card = card_with(browser, "Отчёт.pdf")
    assert card.find_element(By.CSS_SELECTOR, ".attachment-card__size").text == "1,46 МБ"
    assert card.find_element(By.CSS_SELECTOR, ".attachment-card__badge").text == "PDF"
    WebDriverWait(browser, 5).until(lambda d: not pending_names(d) and not d.find_elements(By.CSS_SELECTOR, ".attach-panel"))
    assert wait_for(browser, "#composer").get_attribute("value") == ""

    # B sees it live, with its text, and the download answers.
    seen = card_with(second_browser, "Отчёт.pdf")
    assert seen.find_element(By.CSS_SELECTOR, ".attachment-card__size").text == "1,46 МБ"
    message = seen.find_element(By.XPATH, "./ancestor::li[contains(@class, 'message')]")
    assert message.find_element(By.CSS_SELECTOR, ".message__content").text == "Итоги рейда"
    href = seen.find_element(By.CSS_SELECTOR, ".attachment-card__name").get_attribute("href")
    assert status_of(second_browser, href) == 200

    # A picture alone: a thumbnail that B's browser loads with its page session.
    browser.find_element(By.CSS_SELECTOR, "input.composer__file-input").send_keys(str(shot))
    WebDriverWait(browser, 10).until(lambda d: pending_names(d) == ["скрин.png"])
    browser.find_element(By.CSS_SELECTOR, "button.composer__send").click()
    image = WebDriverWait(second_browser, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "li.message .attachment-image img"))
    WebDriverWait(second_browser, 10).until(
        lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 400)
    assert image.get_attribute("alt") == "скрин.png"


def test_a_refused_upload_keeps_the_text_and_the_files(app, live, browser, tmp_path):
    make_person(app, "olga", "Ольга")
    server = make_server(app, "olga")
    big = tmp_path / "огромный.bin"
    big.write_bytes(b"\0" * (10 * 1024 * 1024 + 1))
    report = tmp_path / "report.txt"
    report.write_bytes(b"x" * 5000)
    sign_in(browser, live, "olga")
    open_general(app, live, browser, server)

    # Over 10 MB: refused before any upload, with the server's words.
    browser.find_element(By.CSS_SELECTOR, "input.composer__file-input").send_keys(str(big))
    wait_for_text(browser, "Файл слишком большой. Максимальный размер: 10MB")
    assert pending_names(browser) == []

    # The server refuses the send: a toast, and nothing is lost.
    app.config["ATTACHMENT_MAX_BYTES"] = 1000
    browser.find_element(By.CSS_SELECTOR, "input.composer__file-input").send_keys(str(report))
    WebDriverWait(browser, 10).until(lambda d: pending_names(d) == ["report.txt"])
    box = wait_for(browser, "#composer")
    box.send_keys("Не дойдёт")
    box.send_keys(Keys.ENTER)
    wait_for_text(browser, "Ошибка отправки сообщения")
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "composer").is_enabled())
    assert browser.find_element(By.ID, "composer").get_attribute("value") == "Не дойдёт"
    assert pending_names(browser) == ["report.txt"]
    assert not browser.find_elements(By.CSS_SELECTOR, "li.message .attachment-card")
