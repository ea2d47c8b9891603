"""The custom status of the top bar is the settings' profile.customStatus: it starts from the
server, a change made in the top bar is saved there and reaches the person's other devices live,
and one made elsewhere (the settings page, another device) shows in the top bar at once."""
from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.settings.actions import do_update_settings
from lobby.settings.store import settings_of
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_too():
    driver = start_browser()
    yield driver
    driver.quit()


def custom_status(driver) -> str:
    return driver.execute_script("return document.querySelector('.app-user-menu .user-menu__custom')?.textContent ?? ''")


def test_the_custom_status_set_in_the_top_bar_is_saved_on_the_server_and_reaches_other_devices(app, browser, phone_too,
                                                                                              live):
    make_person(app, "olga", "Ольга")
    with app.app_context():
        do_update_settings(find_user("olga"), {"profile": {"customStatus": "Из настроек"}})
    sign_in(browser, live, "olga")
    sign_in(phone_too, live, "olga")
    assert custom_status(browser) == "Из настроек"  # from the server, in a browser that never set it

    browser.find_element(By.CSS_SELECTOR, ".app-user-menu summary").click()
    field = wait_for(browser, "#custom-status")
    assert field.get_attribute("value") == "Из настроек"
    field.clear()
    field.send_keys("Рейд в 21:00", Keys.ENTER)
    WebDriverWait(None, 10).until(lambda _: settings_of_olga(app)["profile"]["customStatus"] == "Рейд в 21:00")
    WebDriverWait(phone_too, 10).until(lambda d: custom_status(d) == "Рейд в 21:00")  # the other device, live

    with app.app_context():  # the settings page, anywhere
        do_update_settings(find_user("olga"), {"profile": {"customStatus": ""}})
    WebDriverWait(browser, 10).until(lambda d: custom_status(d) == "")
    browser.find_element(By.CSS_SELECTOR, ".app-user-menu summary").click()
    assert wait_for(browser, "#custom-status").get_attribute("value") == ""


def settings_of_olga(app) -> dict:
    with app.app_context():
        return settings_of(find_user("olga").id)
