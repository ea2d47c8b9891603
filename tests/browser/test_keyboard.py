"""The keyboard as a person uses it, keys pressed for real (not sent to an element): Ctrl+K puts
the caret in the palette, so typing finds a channel; Ctrl+/ opens it with 'search ' typed and Enter
runs the message search for what follows; Ctrl+Alt+N (the spec's Ctrl+N never reaches a page)
opens 'create server'; Escape closes what is on top; focus rings show after Tab, not after a click."""
from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.messages.sending import do_send_message
from tests.browser.helpers import wait_for, wait_for_island, wait_until_url
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import guild  # noqa: F401  (a fixture: vera owns 'Гильдия', olga a member)

pytestmark = pytest.mark.browser


def press(driver, *modifiers_then_key) -> None:
    """Keys pressed on the keyboard: they go wherever the focus is."""
    *modifiers, key = modifiers_then_key
    chain = ActionChains(driver)
    for modifier in modifiers:
        chain.key_down(modifier)
    chain.send_keys(key)
    for modifier in reversed(modifiers):
        chain.key_up(modifier)
    chain.perform()


def type_text(driver, text: str) -> None:
    ActionChains(driver).send_keys(text).perform()


def open_channel(driver, live, server_id: int, channel_id: int) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for_island(driver, "app-shell")
    composer = wait_for(driver, "#composer")
    WebDriverWait(driver, 5).until(lambda d: d.switch_to.active_element == composer)


def selected(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".palette__item[aria-selected='true']").text


def no_dialog(driver) -> None:
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))


def test_ctrl_k_then_typing_finds_a_channel(browser, live, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    press(browser, Keys.CONTROL, "k")
    field = wait_for(browser, "dialog[open] .palette__input")
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element == field)
    type_text(browser, "игр")
    assert field.get_attribute("value") == "игр"
    WebDriverWait(browser, 5).until(lambda d: selected(d).startswith("игра\nГильдия"))
    press(browser, Keys.ENTER)
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{channels['игра']}")
    no_dialog(browser)

    press(browser, Keys.CONTROL, "k")  # Escape closes it, the focus back in the composer
    wait_for(browser, "dialog[open] .palette__input")
    press(browser, Keys.ESCAPE)
    no_dialog(browser)
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "composer")


def test_ctrl_slash_then_a_word_and_enter_shows_the_messages_found(app, browser, live, guild):
    server_id, channels = guild
    with app.app_context():
        do_send_message(find_user("vera"), channels["игра"], "Сегодня кракозябра в рейде")
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    press(browser, Keys.CONTROL, "/")
    field = wait_for(browser, "dialog[open] .palette__input")
    assert field.get_attribute("value") == "search "
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element == field)
    type_text(browser, "кракозябра")
    WebDriverWait(browser, 5).until(lambda d: selected(d).startswith("Поиск сообщений"))
    press(browser, Keys.ENTER)
    search = wait_for(browser, "dialog[open] .search input[role=combobox]")
    assert search.get_attribute("value") == "кракозябра"
    result = wait_for(browser, ".search-row--message")
    assert "кракозябра" in result.text and "#игра" in result.text
    assert browser.switch_to.active_element == search
    press(browser, Keys.ENTER)  # the first result: its channel opens at the message
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{channels['игра']}")
    no_dialog(browser)


def test_ctrl_alt_n_opens_create_server_and_the_help_sheet_names_it(browser, live, guild):
    sign_in(browser, live, "olga")
    browser.execute_script("window.samePage = true")
    press(browser, Keys.CONTROL, Keys.ALT, "n")
    wait_until_url(browser, "/app/create-server")
    assert "Создать сервер" in wait_for(browser, "dialog[open] .modal__title").text
    press(browser, Keys.ESCAPE)
    no_dialog(browser)
    assert browser.execute_script("return window.samePage === true")

    press(browser, "?")
    sheet = wait_for(browser, "dialog[open].help-sheet")
    assert sheet.find_element(By.CSS_SELECTOR, "[data-shortcut='create'] kbd").text == "Ctrl+Alt+N"
    assert "Ctrl+N" not in sheet.text
    press(browser, Keys.ESCAPE)
    no_dialog(browser)


def outline(driver) -> str:
    """The focused element's outline as drawn: '' when none shows."""
    return driver.execute_script(
        "const s = getComputedStyle(document.activeElement);"
        "return s.outlineStyle === 'none' || s.outlineColor === 'rgba(0, 0, 0, 0)' || s.outlineWidth === '0px'"
        " ? '' : s.outlineStyle + ' ' + s.outlineWidth;")


def test_focus_rings_show_after_tab_and_not_after_a_click(app, browser, live, guild):
    server_id, channels = guild
    with app.app_context():
        do_send_message(find_user("vera"), channels["общий"], "Сбор в восемь")
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    message = wait_for(browser, "li.message .message__content")

    # A right click, then Escape: the focus goes back to the message log, where Chromium's
    # :focus-visible (a key was pressed) would draw a ring; not for a person using the mouse.
    ActionChains(browser).context_click(message).perform()
    first = wait_for(browser, ".context-menu [role=menuitem]")
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element == first)
    assert outline(browser) == ""
    press(browser, Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: "message-scroller" in d.switch_to.active_element.get_attribute("class"))
    assert browser.execute_script("return document.activeElement.matches(':focus-visible')")  # Chromium's guess
    assert outline(browser) == ""

    # A click on the game centre's button, Escape closes its panel: the focus on the button, no ring.
    button = browser.find_element(By.CSS_SELECTOR, ".game-centre__button")
    button.click()
    wait_for(browser, "#game-centre-panel")
    press(browser, Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#game-centre-panel"))
    assert browser.switch_to.active_element == button and outline(browser) == ""
    assert "using-keyboard" not in browser.find_element(By.TAG_NAME, "html").get_attribute("class")

    # Tab: the next control has a ring; and so does a menu item the keyboard's menu key focuses.
    press(browser, Keys.TAB)
    assert outline(browser).startswith("solid")
    message_row = browser.find_element(By.CSS_SELECTOR, ".message-scroller")
    message_row.send_keys(Keys.END)  # a message, reached with the keyboard
    press(browser, Keys.SHIFT, Keys.F10)
    first = wait_for(browser, ".context-menu [role=menuitem]")
    WebDriverWait(browser, 5).until(lambda d: d.switch_to.active_element == first)
    assert outline(browser).startswith("solid")
    press(browser, Keys.ESCAPE)

    browser.find_element(By.CSS_SELECTOR, ".chat-header").click()  # the pointer again: rings gone
    assert "using-keyboard" not in browser.find_element(By.TAG_NAME, "html").get_attribute("class")
