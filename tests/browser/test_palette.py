"""The command palette and quick switcher: empty until Ctrl+K, whose first press loads its code;
typing a channel's, server's or person's name and pressing Enter lands there, in the page; every
command of the spec acts — home, settings, profile, message search, recent channels, the voice
switches (a toast without voice), create and join server, the theme (saved on the server), log out."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.dms.actions import do_open_dm
from lobby.extensions import db
from lobby.friends.actions import do_send_request
from lobby.servers import actions as servers
from lobby.servers.models import Channel
from lobby.servers.validation import check_new_server
from tests.browser.helpers import severe_console_errors, wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser

LOADED_PALETTE = "return performance.getEntriesByType('resource').some((e) => /\\/Palette-[^/]*\\.js/.test(e.name))"
SETTINGS = (
    "const done = arguments[arguments.length - 1];"
    "fetch('/api/auth/refresh', {method: 'POST'}).then((r) => r.json()).then(({accessToken}) =>"
    " fetch('/api/settings', {headers: {Authorization: 'Bearer ' + accessToken}}))"
    ".then((r) => r.json()).then((body) => done(body.settings.appearance.theme));")


def press_ctrl_k(driver):
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()


def selected(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".palette__item[aria-selected='true']").text


def no_dialog(driver) -> None:
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))


def command(driver, label: str) -> None:
    """Ctrl+K, the command's label typed, its row chosen first, Enter."""
    press_ctrl_k(driver)
    field = wait_for(driver, "dialog[open] .palette__input")
    field.send_keys(label)
    try:
        WebDriverWait(driver, 5).until(lambda d: label in selected(d).split("\n")[:2])  # a server: its icon first
    except Exception:
        raise AssertionError(f"{label} not chosen first: {[e.text for e in driver.find_elements(By.CSS_SELECTOR, '.palette__item')]}")
    field.send_keys(Keys.ENTER)


def test_ctrl_k_loads_the_palette_and_a_channel_name_jumps_there(browser, live, guild):
    driver = browser
    sign_in(driver, live, "vera")
    server_id, general_id = guild
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{general_id}")
    wait_for_island(driver, "app-shell")
    driver.execute_script("window.samePage = true")
    assert driver.execute_script(LOADED_PALETTE) is False  # not part of the first load

    press_ctrl_k(driver)
    field = wait_for(driver, "dialog[open] .palette__input")
    assert field.get_attribute("placeholder") == "Введите команду..."
    assert "Начните вводить команду" in driver.find_element(By.CSS_SELECTOR, ".palette__footer").text
    assert driver.execute_script(LOADED_PALETTE) is True

    field.send_keys("нет такого")
    assert wait_for(driver, ".palette__empty").text == "Команды не найдены"
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("игр")  # half a name: the channel it begins comes before fuzzier matches
    WebDriverWait(driver, 5).until(lambda d: selected(d).startswith("игра\nГильдия"))
    field.send_keys("а")
    assert "Найдено:" in driver.find_element(By.CSS_SELECTOR, ".palette__footer").text
    field.send_keys(Keys.ENTER)

    WebDriverWait(driver, 5).until(lambda d: "/channels/" in d.current_url and not d.current_url.endswith(f"/{general_id}"))
    no_dialog(driver)
    WebDriverWait(driver, 5).until(lambda d: "игра" in d.find_element(By.CSS_SELECTOR, ".chat-header").text)
    assert driver.execute_script("return window.samePage") is True  # moved in the page, no reload

    # A server by its name, and a person by theirs (their DM).
    command(driver, "Гильдия")
    wait_until_url(driver, f"/app/servers/{server_id}")
    assert driver.execute_script("return window.samePage") is True
    assert severe_console_errors(driver) == []


def test_a_person_with_a_dm_is_found_by_name(app, browser, live, guild):
    make_person(app, "olga", "Ольга")
    with app.app_context():
        do_send_request(find_user("vera"), "olga", None)  # mutual requests: friends, who may write
        do_send_request(find_user("olga"), "vera", None)
        do_open_dm(find_user("vera"), find_user("olga").id)
        olga_id = find_user("olga").id
    sign_in(browser, live, "vera")
    command(browser, "Ольга Тестова")  # her display name; the row shows @olga under it
    wait_until_url(browser, f"/app/friends?dm={olga_id}")


def test_escape_closes_the_palette_and_join_opens_its_dialog(browser, live, guild):
    driver = browser
    sign_in(driver, live, "vera")
    press_ctrl_k(driver)
    wait_for(driver, "dialog[open] .palette__input").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    command(driver, "Присоединиться к серверу")
    # The join dialog of the shell takes the palette's place.
    WebDriverWait(driver, 5).until(lambda d: "Присоединиться к серверу" in d.find_element(By.CSS_SELECTOR, "dialog[open]").text)
    assert not driver.find_elements(By.CSS_SELECTOR, ".palette__input")


def test_every_command_acts(browser, live, guild):
    driver = browser
    server_id, general_id = guild
    sign_in(driver, live, "vera")
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{general_id}")
    wait_for_island(driver, "app-shell")
    driver.find_element(By.XPATH, "//a[contains(@class,'channel-link')][.//span[normalize-space()='игра']]").click()
    WebDriverWait(driver, 5).until(lambda d: "игра" in d.find_element(By.CSS_SELECTOR, ".chat-header").text)

    command(driver, "Недавние каналы")  # newest first: 'игра', then 'общий'
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".palette__input").get_attribute("placeholder")
                                   == "Недавние каналы...")
    rows = [row.text.split("\n")[0] for row in driver.find_elements(By.CSS_SELECTOR, ".palette__item")]
    assert rows == ["игра", "общий"]
    driver.find_element(By.CSS_SELECTOR, ".palette__input").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    command(driver, "На главную")
    wait_until_url(driver, "/app")
    no_dialog(driver)

    command(driver, "Настройки")
    wait_for(driver, "dialog.settings-dialog[open]")
    WebDriverWait(driver, 5).until(lambda d: "/app/settings" in d.current_url)
    driver.find_element(By.CSS_SELECTOR, "dialog.settings-dialog[open]").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    command(driver, "Профиль")
    wait_for(driver, "dialog.settings-dialog[open]")
    wait_until_url(driver, "/app/settings/profile")
    driver.find_element(By.CSS_SELECTOR, "dialog.settings-dialog[open]").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    command(driver, "Поиск сообщений")
    wait_for(driver, ".search input[role=combobox]").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    for label in ("Переключить микрофон", "Переключить звук"):  # no voice: a toast says so
        command(driver, label)
        no_dialog(driver)
        wait_for_text(driver, "Сначала подключитесь к голосовому каналу")

    theme = driver.execute_script("return document.documentElement.dataset.theme")
    assert theme == "dark"
    command(driver, "Сменить тему")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.documentElement.dataset.theme") == "light")
    assert driver.execute_async_script(SETTINGS) == "light"  # saved: what the API says
    command(driver, "Сменить тему")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.documentElement.dataset.theme") == "dark")
    assert driver.execute_async_script(SETTINGS) == "dark"

    command(driver, "Создать сервер")
    wait_until_url(driver, "/app/create-server")
    WebDriverWait(driver, 5).until(lambda d: "Создать сервер" in d.find_element(By.CSS_SELECTOR, "dialog[open] .modal__title").text)
    driver.find_element(By.CSS_SELECTOR, "dialog[open]").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    command(driver, "Присоединиться к серверу")
    WebDriverWait(driver, 5).until(
        lambda d: "Присоединиться к серверу" in d.find_element(By.CSS_SELECTOR, "dialog[open] .modal__title").text)
    driver.find_element(By.CSS_SELECTOR, "dialog[open]").send_keys(Keys.ESCAPE)
    no_dialog(driver)

    command(driver, "Выйти")
    wait_for_island(driver, "login-form")
    assert "/app" not in driver.current_url
    driver.get(f"{live.url}/app")  # signed out indeed: /app sends to the sign-in page
    wait_for_island(driver, "login-form")


def command_rows(driver) -> list[str]:
    """The labels of the rows in the palette's 'Команды' group, in their order."""
    return [row.text.split("\n")[0] for row in driver.find_elements(
        By.XPATH, "//*[@cmdk-group-heading][normalize-space()='Команды']/following-sibling::*//*[@cmdk-item]")]


def test_commands_are_found_by_their_description_and_category(browser, live, guild):
    sign_in(browser, live, "vera")
    press_ctrl_k(browser)
    field = wait_for(browser, "dialog[open] .palette__input")
    field.send_keys("Голос")  # the category of the microphone and sound commands, in neither label
    WebDriverWait(browser, 5).until(lambda d: command_rows(d)[:2] == ["Переключить микрофон", "Переключить звук"])
    assert "Сменить тему" not in command_rows(browser) and "Выйти" not in command_rows(browser)

    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("аватар")  # in the description of 'Профиль' only: 'Имя, аватар и статус'
    WebDriverWait(browser, 5).until(lambda d: selected(d).startswith("Профиль\nИмя, аватар и статус"))
    field.send_keys(Keys.ENTER)
    wait_until_url(browser, "/app/settings/profile")


def test_a_typed_name_ranks_the_place_used_last_first(app, browser, live, guild):
    """Two channels named 'игра' match alike; the one visited last comes first, either way round."""
    server_id, _ = guild
    with app.app_context():
        clan = servers.do_create_server(find_user("vera"), check_new_server({"name": "Клан", "template": "gaming"}))
        games = {name: db.session.scalar(select(Channel.id).where(Channel.server_id == sid, Channel.name == "игра"))
                 for name, sid in (("Гильдия", server_id), ("Клан", clan.id))}
        places = {"Гильдия": server_id, "Клан": clan.id}
    sign_in(browser, live, "vera")

    def first_for_igra() -> str:
        press_ctrl_k(browser)
        wait_for(browser, "dialog[open] .palette__input").send_keys("игра")
        WebDriverWait(browser, 5).until(lambda d: len([r for r in d.find_elements(By.CSS_SELECTOR, ".palette__item")
                                                       if r.text.startswith("игра\n")]) == 2)
        found = selected(browser)
        browser.find_element(By.CSS_SELECTOR, ".palette__input").send_keys(Keys.ESCAPE)
        no_dialog(browser)
        return found

    for name in ("Клан", "Гильдия", "Клан"):
        browser.get(f"{live.url}/app/servers/{places[name]}/channels/{games[name]}")
        wait_for_island(browser, "app-shell")
        browser.get(f"{live.url}/app")  # elsewhere, so that no channel is the page's own
        wait_for_island(browser, "app-shell")
        assert first_for_igra() == f"игра\n{name}"
