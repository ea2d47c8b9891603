"""Two people in two browsers: one creates a server from a template, the other finds it in
discovery and joins, the owner kicks and then bans them from the moderation panel, and the audit
log shows both."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts import actions
from tests.accounts.conftest import PASSWORD
from tests.browser.conftest import start_browser
from tests.browser.helpers import page_text, wait_for, wait_for_island, wait_for_text, wait_until_url

pytestmark = pytest.mark.browser


def make_person(app, username: str, first_name: str) -> None:
    with app.app_context():
        actions.do_register({"username": username, "email": f"{username}@example.com", "firstName": first_name,
                             "lastName": "Тестова", "password": PASSWORD}, verified=True)


def sign_in(driver, live, username: str) -> None:
    driver.get(live.url + "/auth")
    wait_for_island(driver, "login-form")
    wait_for(driver, "#emailOrUsername").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(driver, "/app")
    wait_for_island(driver, "app-shell")


def click_text(driver, text: str, tag: str = "*") -> None:
    wait_for(driver, "body")
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.XPATH, f"//{tag}[normalize-space()='{text}']").is_displayed())
    driver.find_element(By.XPATH, f"//{tag}[normalize-space()='{text}']").click()


def answer_prompt(driver, reason: str) -> None:
    """The reason for a kick or ban, typed into the in-app dialog (never the browser's prompt)."""
    field = wait_for(driver, "dialog[open][role=alertdialog] input")
    field.send_keys(reason, Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open][role=alertdialog]"))


@pytest.fixture
def guest_browser():
    driver = start_browser()
    yield driver
    driver.quit()


def test_create_discover_join_kick_ban_and_the_audit_log(app, browser, guest_browser, live):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")

    # Olga creates a gaming server; its template's channels appear in the sidebar.
    sign_in(browser, live, "olga")
    click_text(browser, "Создать сервер", "span")
    wait_for(browser, "#server-name").send_keys("Ночные рейды")
    browser.find_element(By.XPATH, "//label[contains(@class,'template-card')][.//*[normalize-space()='Игровой']]").click()
    assert browser.find_element(By.CSS_SELECTOR, "input[name=template][value=gaming]").is_selected()
    browser.find_element(By.CSS_SELECTOR, "button[form=create-server-form]").click()
    wait_for_text(browser, "Сервер успешно создан!")
    sidebar = wait_for(browser, ".channel-list")
    wait_for_text(browser, "голосовой")
    text = page_text(browser)
    assert "ТЕКСТОВЫЕ КАНАЛЫ" in text.upper() and "ГОЛОСОВЫЕ КАНАЛЫ" in text.upper()  # CSS capitals
    for channel in ("общий", "игра", "голосовой"):
        assert channel in text
    landing = browser.current_url.split(live.url, 1)[1]  # the new server opens in its first text channel
    server_path = "/".join(landing.split("/")[:4])
    assert server_path.startswith("/app/servers/") and landing.startswith(server_path + "/channels/")
    assert sidebar.is_displayed()

    # Pavel finds it in discovery and joins.
    sign_in(guest_browser, live, "pavel")
    guest_browser.get(live.url + "/app/discover")
    wait_for(guest_browser, "input[placeholder='Поиск серверов...']").send_keys("Ночные")
    card = WebDriverWait(guest_browser, 10).until(lambda d: d.find_element(
        By.XPATH, "//article[contains(@class,'discover-card')][.//h3[normalize-space()='Ночные рейды']]"))
    card.find_element(By.XPATH, ".//button[normalize-space()='Присоединиться']").click()
    wait_for_text(guest_browser, "Вы присоединились к серверу")
    wait_until_url(guest_browser, server_path)

    # Olga kicks Pavel from the moderation panel.
    click_text(browser, "Модерация", "a")
    wait_until_url(browser, server_path + "/admin")
    click_text(browser, "Участники", "button")
    row = wait_for(browser, "li.member-row[data-username='pavel']")
    # Pavel has the app open: his live socket makes him online in Olga's list.
    WebDriverWait(browser, 10).until(lambda d: "В сети" in row.text)
    # He picks 'Не беспокоить' in his user menu; her list follows live.
    guest_browser.find_element(By.CSS_SELECTOR, "summary.user-menu__button").click()
    click_text(guest_browser, "Не беспокоить", "button")
    WebDriverWait(browser, 10).until(lambda d: "Не беспокоить" in row.text)
    row.find_element(By.XPATH, ".//button[normalize-space()='Исключить']").click()
    answer_prompt(browser, "Спам в общем чате")
    wait_for_text(browser, "Пользователь исключен с сервера")
    # Pavel, looking at the server, is told and taken back home at once.
    wait_for_text(guest_browser, "Вас исключили с сервера")
    wait_until_url(guest_browser, "/app")

    # Pavel is out; he comes back through discovery (a kick is not a ban).
    guest_browser.get(live.url + "/app/discover")
    wait_for(guest_browser, "input[placeholder='Поиск серверов...']").send_keys("Ночные")
    card = WebDriverWait(guest_browser, 10).until(lambda d: d.find_element(
        By.XPATH, "//article[contains(@class,'discover-card')][.//h3[normalize-space()='Ночные рейды']]"))
    card.find_element(By.XPATH, ".//button[normalize-space()='Присоединиться']").click()
    wait_for_text(guest_browser, "Вы присоединились к серверу")

    # Olga bans him; the log shows both actions with their reasons.
    browser.refresh()
    wait_for_island(browser, "app-shell")
    click_text(browser, "Участники", "button")
    row = wait_for(browser, "li.member-row[data-username='pavel']")
    row.find_element(By.XPATH, ".//button[normalize-space()='Заблокировать']").click()
    answer_prompt(browser, "Оскорбления")
    wait_for_text(browser, "Пользователь заблокирован")
    click_text(browser, "Журнал", "button")
    entries = WebDriverWait(browser, 10).until(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "li.log-entry")
                                                          if "Павел Тестова" in e.text] or None)
    joined = "\n".join(entries)
    assert "Исключение" in joined and "Спам в общем чате" in joined
    assert "Блокировка" in joined and "Оскорбления" in joined

    # Banned: Pavel cannot join again, and the server is gone from his list.
    guest_browser.get(live.url + server_path)
    wait_for_island(guest_browser, "app-shell")
    join = WebDriverWait(guest_browser, 10).until(
        lambda d: d.find_element(By.XPATH, "//button[normalize-space()='Присоединиться']"))
    join.click()
    wait_for_text(guest_browser, "Вы заблокированы на этом сервере")
