"""The /app frame rendered on the server: with JavaScript off a person signs in, follows a server
link, then a channel link, and reads the last messages; with it on, the first paint already
holds the messages, before any island has mounted."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers.models import Channel
from lobby.servers.validation import check_new_server
from tests.browser.helpers import page_text, wait_for, wait_for_island, wait_until_url
from tests.browser.test_servers import PASSWORD, make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def guild(app):
    """`vera` owns 'Гильдия', whose 'общий' channel holds a few messages."""
    make_person(app, "vera", "Вера")
    with app.app_context():
        vera = find_user("vera")
        server = servers.do_create_server(vera, check_new_server({"name": "Гильдия", "template": "gaming"}))
        general = db.session.scalar(select(Channel).where(Channel.server_id == server.id, Channel.name == "общий"))
        for n in range(1, 6):
            do_send_message(vera, general.id, f"Сбор в {n + 18}:00")
        return server.id, general.id


def test_without_javascript_a_person_reads_their_servers_channels_and_messages(browser_without_js, live, guild):
    driver = browser_without_js
    driver.get(live.url + "/auth")
    driver.find_element(By.ID, "emailOrUsername").send_keys("vera")
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(driver, "/app")
    wait_for(driver, "a.server-card")  # visible: laid out and styled
    assert "ВАШИ СЕРВЕРЫ (1)" in page_text(driver).upper()  # headings are in capitals
    assert "Чату нужен JavaScript" in page_text(driver)
    settings = driver.find_element(By.LINK_TEXT, "Настройки работают и без JavaScript")
    assert settings.is_displayed() and settings.get_attribute("href") == live.url + "/app/settings"
    driver.find_element(By.PARTIAL_LINK_TEXT, "Гильдия").click()
    wait_until_url(driver, f"/app/servers/{guild[0]}")
    wait_for(driver, "a.channel-link")
    assert "ТЕКСТОВЫЕ КАНАЛЫ" in page_text(driver).upper()
    driver.find_element(By.PARTIAL_LINK_TEXT, "общий").click()
    wait_until_url(driver, f"/app/servers/{guild[0]}/channels/{guild[1]}")
    shown = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.message .message__content")]
    assert shown == [f"Сбор в {n + 18}:00" for n in range(1, 6)]
    assert "Чату нужен JavaScript" in page_text(driver)
    driver.find_element(By.LINK_TEXT, "Настройки работают и без JavaScript").click()  # they do
    wait_until_url(driver, "/app/settings/profile")
    wait_for(driver, ".profile-view")  # the profile as it is; 'Редактировать профиль' opens its form
    driver.back()
    driver.find_element(By.LINK_TEXT, "← Все серверы").click()
    wait_until_url(driver, "/app")


def test_the_first_paint_holds_the_messages_before_any_island_mounts(browser, live, guild):
    driver = browser
    sign_in(driver, live, "vera")
    # Read the document as parsed, before the islands' modules have run (they mount after it);
    # note every API read and whether a loading state ever shows.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.reads = [];
        const fetched = window.fetch;
        window.fetch = (input, init) => { window.reads.push(String(input.url || input)); return fetched(input, init); };
        window.flashed = false;
        new MutationObserver(() => {
          if (document.querySelector('.message-skeleton, .channel-screen__status')) window.flashed = true;
        }).observe(document, { childList: true, subtree: true });
        document.addEventListener('DOMContentLoaded', () => {
          window.firstPaint = {
            mounted: document.querySelectorAll('.app [data-mounted]').length,  // the page's regions
            messages: [...document.querySelectorAll('li.message .message__content')].map((e) => e.textContent.trim()),
          };
        }, { capture: true, once: true });"""})
    driver.get(f"{live.url}/app/servers/{guild[0]}/channels/{guild[1]}")
    wait_for_island(driver, "app-shell")
    first = driver.execute_script("return window.firstPaint")
    assert first["mounted"] == 0
    assert first["messages"] == [f"Сбор в {n + 18}:00" for n in range(1, 6)]

    # The chat island takes them over: no loading state, and the page it holds is not asked for again.
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")
    shown = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.message .message__content")]
    assert shown == [f"Сбор в {n + 18}:00" for n in range(1, 6)]
    assert driver.execute_script("return window.flashed") is False
    reads = driver.execute_script("return window.reads")
    history = [url for url in reads if f"/api/messages/{guild[1]}/messages" in url]
    assert history and all("after=" in url for url in history), history


def test_one_island_failing_leaves_the_others_working(browser, live, guild):
    driver = browser
    driver.get(live.url + "/auth")
    wait_for_island(driver, "login-form")
    wait_for(driver, "#emailOrUsername").send_keys("vera")
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    # The page's seed arrives broken (servers is not a list): the sidebar, which lists them, fails.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        const byId = document.getElementById.bind(document);
        document.getElementById = (id) => (id === 'app-seed'
          ? { textContent: JSON.stringify({ servers: { servers: 5 } }) } : byId(id));"""})
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(driver, "/app")
    wait_for_island(driver, "app-shell")
    sidebar = driver.find_element(By.CSS_SELECTOR, "[data-island='sidebar']")
    assert "Что-то пошло не так" in sidebar.text
    # The others: the centre moves in-page to discovery, whose dialog (the shell's) opens; the top
    # bar's search opens too.
    driver.find_element(By.XPATH, "//main//a[normalize-space()='Найти сервер']").click()
    wait_until_url(driver, "/app/discover")
    wait_for(driver, "dialog[open]")
    assert driver.find_element(By.CSS_SELECTOR, "[data-island='topbar'] .app-topbar__search").is_displayed()
    assert "Что-то пошло не так" not in driver.find_element(By.CSS_SELECTOR, "[data-island='chat']").text
