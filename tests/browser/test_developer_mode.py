"""Developer mode (settings → 'Язык и общие'): the menus of a message, a channel, the server and a
person offer 'Копировать ID', which puts the id on the clipboard; off (the default), none does."""
from __future__ import annotations

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.messages.sending import do_send_message
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_text
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import guild  # noqa: F401  (a fixture: vera's server, olga a member)

pytestmark = pytest.mark.browser

COPY = "Копировать ID"


def clipboard(driver) -> str:
    return driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")


def copied(driver, value: int) -> None:
    """The toast says so and the clipboard holds the id."""
    WebDriverWait(driver, 5, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: any(f"ID скопирован: {value}" in toast.text
                      for toast in d.find_elements(By.CSS_SELECTOR, "[data-sonner-toast]")))
    assert clipboard(driver) == str(value)


def message_button(driver, message_id: int):
    row = wait_for(driver, f"li.message[data-message-id='{message_id}']")
    ActionChains(driver).move_to_element(row).perform()
    return row.find_elements(By.CSS_SELECTOR, f".message__actions button[aria-label='{COPY}']")


def test_developer_mode_offers_copy_id_in_the_menus_of_messages_channels_the_server_and_people(app, browser, live, guild):
    server_id, channels = guild
    with app.app_context():
        vera_id = find_user("vera").id
        said = do_send_message(find_user("vera"), channels["общий"], "Скопируй мой id")["id"]
    sign_in(browser, live, "olga")
    browser.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": live.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_text(browser, "Скопируй мой id")
    assert message_button(browser, said) == []  # off by default: nothing extra
    assert not browser.find_elements(By.CSS_SELECTOR, ".channel-entry__menu")  # a member manages no channels

    with app.app_context():  # turned on in the settings (here: on another device, live)
        do_update_settings(find_user("olga"), {"general": {"developerMode": True}})
    WebDriverWait(browser, 10).until(lambda d: "developer-mode" in d.find_element(By.TAG_NAME, "html")
                                     .get_attribute("class"))

    message_button(browser, said)[0].click()
    copied(browser, said)

    general = browser.find_element(By.XPATH, "//a[contains(@class,'channel-link')][normalize-space()='общий']/..")
    ActionChains(browser).move_to_element(general).perform()
    general.find_element(By.CSS_SELECTOR, ".channel-entry__menu").click()
    menu = wait_for(browser, ".context-menu[role=menu]")
    assert [item.text for item in menu.find_elements(By.CSS_SELECTOR, "[role=menuitem]")] == ["Копировать ссылку", COPY]
    menu.find_element(By.XPATH, f".//*[@role='menuitem'][normalize-space()='{COPY}']").click()
    copied(browser, channels["общий"])

    browser.find_element(By.XPATH, "//button[normalize-space()='Копировать ID сервера']").click()
    copied(browser, server_id)

    if browser.find_element(By.CSS_SELECTOR, ".members-toggle").get_attribute("aria-expanded") != "true":
        browser.find_element(By.CSS_SELECTOR, ".members-toggle").click()
    wait_for(browser, "#members-drawer .member-row[data-username='vera']").click()
    card = wait_for(browser, f".profile-card[data-user-id='{vera_id}']")
    card.find_element(By.XPATH, f".//button[normalize-space()='{COPY}']").click()
    copied(browser, vera_id)
