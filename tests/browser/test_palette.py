"""The command palette island: empty until Ctrl+K, whose first press loads its code; typing a
channel's name and pressing Enter lands in that channel, in the page."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.helpers import severe_console_errors, wait_for, wait_for_island
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_servers import sign_in

pytestmark = pytest.mark.browser

LOADED_PALETTE = "return performance.getEntriesByType('resource').some((e) => /\\/Palette-[^/]*\\.js/.test(e.name))"


def press_ctrl_k(driver):
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()


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
    field.send_keys("игра")
    WebDriverWait(driver, 5).until(lambda d: "Найдено: 1" in d.find_element(By.CSS_SELECTOR, ".palette__footer").text)
    field.send_keys(Keys.ENTER)

    WebDriverWait(driver, 5).until(lambda d: "/channels/" in d.current_url and not d.current_url.endswith(f"/{general_id}"))
    assert not driver.find_elements(By.CSS_SELECTOR, "dialog[open]")
    WebDriverWait(driver, 5).until(lambda d: "игра" in d.find_element(By.CSS_SELECTOR, ".chat-header").text)
    assert driver.execute_script("return window.samePage") is True  # moved in the page, no reload
    assert severe_console_errors(driver) == []


def test_escape_closes_the_palette_and_its_commands_act(browser, live, guild):
    driver = browser
    sign_in(driver, live, "vera")
    wait_for_island(driver, "app-shell")
    press_ctrl_k(driver)
    wait_for(driver, "dialog[open] .palette__input").send_keys(Keys.ESCAPE)
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))

    press_ctrl_k(driver)
    wait_for(driver, "dialog[open] .palette__input").send_keys("присоединиться")
    driver.find_element(By.CSS_SELECTOR, ".palette__input").send_keys(Keys.ENTER)
    # The join dialog of the shell takes the palette's place.
    WebDriverWait(driver, 5).until(lambda d: "Присоединиться к серверу" in d.find_element(By.CSS_SELECTOR, "dialog[open]").text)
