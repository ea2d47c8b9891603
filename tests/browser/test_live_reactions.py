"""Reactions live in two browsers: the live frames carry the change (who, which emoji, its count now),
and each chat applies it to the message it holds, the reacting tab and everyone else's; a 21st kind
is refused with the server's words and the optimistic chip goes away."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.messages.reactions import do_add_reaction
from tests.browser.test_attachments import make_server, open_general
from tests.browser.test_chat import say, second_browser, wait_for_message  # noqa: F401 (fixture)
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_small_things import message_tool

pytestmark = pytest.mark.browser
KINDS = ["😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆", "😉", "😊", "😋", "😎", "😍", "😘", "🥰", "😗",
         "😙", "🥲", "🙂", "🤗"]


def chips(driver, text: str) -> dict[str, tuple[str, bool]]:
    """The message's reaction chips: emoji → (count, whether it is mine)."""
    found = {}
    for chip in wait_for_message(driver, text).find_elements(By.CSS_SELECTOR, ".reaction-chip"):
        emoji = chip.find_element(By.CSS_SELECTOR, ".reaction-chip__emoji").text
        count = chip.find_element(By.CSS_SELECTOR, ".reaction-chip__count").text
        found[emoji] = (count, "is-mine" in chip.get_attribute("class"))
    return found


def shows(driver, text: str, emoji: str, expected) -> None:
    WebDriverWait(driver, 10).until(lambda d: chips(d, text).get(emoji) == expected)


def chip(driver, text: str, emoji: str):
    message = wait_for_message(driver, text)
    return next(c for c in message.find_elements(By.CSS_SELECTOR, ".reaction-chip")
                if c.find_element(By.CSS_SELECTOR, ".reaction-chip__emoji").text == emoji)


def test_reactions_reach_both_chats_as_changes(app, live, browser, second_browser):
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    make_person(app, "rita", "Рита")
    server = make_server(app, "olga", "pavel", "rita")
    sign_in(browser, live, "olga")
    sign_in(second_browser, live, "pavel")
    open_general(app, live, browser, server)
    open_general(app, live, second_browser, server)
    say(browser, "Кто в рейд?")
    wait_for_message(second_browser, "Кто в рейд?")

    # Pavel reacts from the picker: his chip is his at once, and Olga's chat hears the change.
    message_tool(second_browser, "Кто в рейд?", "Добавить реакцию").click()
    second_browser.find_element(By.XPATH, "//button[@aria-label='Нравится']").click()
    shows(second_browser, "Кто в рейд?", "👍", ("1", True))
    shows(browser, "Кто в рейд?", "👍", ("1", False))

    # Olga adds hers by the chip; someone with no tab open reacts too: both chats count along.
    chip(browser, "Кто в рейд?", "👍").click()
    shows(browser, "Кто в рейд?", "👍", ("2", True))
    shows(second_browser, "Кто в рейд?", "👍", ("2", True))
    with app.app_context():
        from lobby.messages.models import Message
        from lobby.extensions import db
        from sqlalchemy import select

        message_id = db.session.scalar(select(Message.id).where(Message.content == "Кто в рейд?"))
        do_add_reaction(find_user("rita"), message_id, "👍")
        do_add_reaction(find_user("rita"), message_id, "🎉")
    shows(browser, "Кто в рейд?", "👍", ("3", True))
    shows(second_browser, "Кто в рейд?", "🎉", ("1", False))

    # Pavel takes his back: gone from his chip, one less in Olga's.
    chip(second_browser, "Кто в рейд?", "👍").click()
    shows(second_browser, "Кто в рейд?", "👍", ("2", False))
    shows(browser, "Кто в рейд?", "👍", ("2", True))

    # Twenty kinds: a new one from Olga's picker is refused with the server's words, and undone.
    with app.app_context():
        for emoji in KINDS[:18]:
            do_add_reaction(find_user("rita"), message_id, emoji)
    WebDriverWait(browser, 10).until(lambda d: len(chips(d, "Кто в рейд?")) == 20)
    message_tool(browser, "Кто в рейд?", "Добавить реакцию").click()
    browser.find_element(By.XPATH, "//button[@aria-label='Праздник']").click()  # 🎉: one it has, fine
    shows(browser, "Кто в рейд?", "🎉", ("2", True))
    message_tool(browser, "Кто в рейд?", "Добавить реакцию").click()
    browser.find_element(By.XPATH, "//button[@aria-label='Грустно']").click()  # 😢: a 21st kind
    toast = WebDriverWait(browser, 10).until(lambda d: next(
        (t for t in d.find_elements(By.CSS_SELECTOR, "[data-sonner-toast]") if "Ошибка добавления реакции" in t.text),
        None))
    assert "У сообщения уже 20 разных реакций" in toast.text
    WebDriverWait(browser, 10).until(lambda d: "😢" not in chips(d, "Кто в рейд?"))
    assert len(chips(second_browser, "Кто в рейд?")) == 20
