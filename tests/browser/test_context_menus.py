"""Context menus: a right click, the keyboard's Menu key or Shift+F10, and a long press on a phone
open one menu on a message, a channel, a person (a message's author, the members drawer, a friend):
the actions the person may take there — an owner's are not a member's — and each acts. It opens at
the pointer inside the window, the arrows walk it, Escape closes it and the focus comes back."""
from __future__ import annotations

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.sending import do_send_message
from lobby.servers.models import Membership
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text
from tests.browser.test_friends import befriend, open_friends, row, wait_for_toast
from tests.browser.test_servers import guest_browser, sign_in  # noqa: F401  (a fixture: a second person's browser)
from tests.browser.test_unread import guild  # noqa: F401  (a fixture: vera owns 'Гильдия', olga a member)

pytestmark = pytest.mark.browser

MENU = ".context-menu[role=menu]"


def items(driver) -> list[str]:
    menu = wait_for(driver, MENU)
    return [item.text for item in menu.find_elements(By.CSS_SELECTOR, "[role=menuitem]")]


def choose(driver, label: str) -> None:
    wait_for(driver, MENU).find_element(By.XPATH, f".//*[@role='menuitem'][normalize-space()='{label}']").click()
    no_menu(driver)


def no_menu(driver) -> None:
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, MENU))


def right_click(driver, element) -> None:
    ActionChains(driver).context_click(element).perform()


def menu_key(driver) -> None:
    """The keyboard's Menu key (ContextMenu), as Chromium gets it from the keyboard."""
    for kind in ("rawKeyDown", "keyUp"):
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": kind, "key": "ContextMenu", "code": "ContextMenu", "windowsVirtualKeyCode": 93})


def shift_f10(driver) -> None:
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()


def active(driver):
    return driver.switch_to.active_element


def message_row(driver, text: str):
    return WebDriverWait(driver, 10).until(lambda d: d.find_element(
        By.XPATH, f"//li[contains(@class,'message')][.//*[contains(@class,'message__content')][contains(., '{text}')]]"))


def open_channel(driver, live, server_id: int, channel_id: int) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for_island(driver, "app-shell")
    wait_for(driver, "#composer")


@pytest.fixture
def talk(app, guild):
    """Each of vera (owner) and olga (member) has said something in 'общий'."""
    server_id, channels = guild
    with app.app_context():
        do_send_message(find_user("vera"), channels["общий"], "Сбор в восемь")
        do_send_message(find_user("olga"), channels["общий"], "Я опоздаю")
    return server_id, channels


def test_a_member_right_clicks_a_message_and_replies_from_its_menu(browser, live, talk):
    server_id, channels = talk
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    theirs = message_row(browser, "Сбор в восемь")
    right_click(browser, theirs.find_element(By.CSS_SELECTOR, ".message__content"))
    assert items(browser) == ["Добавить реакцию", "Ответить", "Копировать текст", "Пожаловаться"]  # no edit, no delete
    menu = browser.find_element(By.CSS_SELECTOR, MENU)
    assert active(browser) == menu.find_elements(By.CSS_SELECTOR, "[role=menuitem]")[0]  # the first item has the focus
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
    assert active(browser).text == "Ответить"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    no_menu(browser)
    wait_for(browser, ".composer__reply")
    assert "Вера" in browser.find_element(By.CSS_SELECTOR, ".composer__reply").text  # the reply is to her message

    mine = message_row(browser, "Я опоздаю")
    right_click(browser, mine.find_element(By.CSS_SELECTOR, ".message__content"))
    assert items(browser) == ["Добавить реакцию", "Ответить", "Изменить", "Копировать текст", "Удалить"]
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    no_menu(browser)


def test_the_owner_deletes_a_members_message_from_its_menu_and_reacts_by_keyboard(browser, live, talk):
    server_id, channels = talk
    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, channels["общий"])
    theirs = message_row(browser, "Я опоздаю")
    right_click(browser, theirs.find_element(By.CSS_SELECTOR, ".message__content"))
    assert items(browser) == ["Добавить реакцию", "Ответить", "Копировать текст", "Пожаловаться", "Удалить"]
    choose(browser, "Удалить")
    wait_for(browser, "dialog[open][role=alertdialog] button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda d: "Я опоздаю" not in d.find_element(By.CSS_SELECTOR, ".message-list").text)

    # The keyboard: a message reached with the arrows in the log, then Shift+F10 or the Menu key.
    scroller = browser.find_element(By.CSS_SELECTOR, ".message-scroller")
    scroller.send_keys(Keys.END)
    row = active(browser)
    assert "Сбор в восемь" in row.text
    shift_f10(browser)
    assert items(browser)[0] == "Добавить реакцию"
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    no_menu(browser)
    assert active(browser) == row  # the focus is back on the message
    menu_key(browser)
    wait_for(browser, MENU)
    ActionChains(browser).send_keys(Keys.ENTER).perform()  # 'Добавить реакцию': the picker opens
    wait_for(browser, ".reaction-picker button").click()
    WebDriverWait(browser, 10).until(lambda d: row.find_elements(By.CSS_SELECTOR, ".reaction-chip"))


def test_a_message_authors_menu_is_a_persons_menu(browser, live, talk):
    server_id, channels = talk
    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, channels["общий"])
    author = message_row(browser, "Я опоздаю").find_element(By.CSS_SELECTOR, ".message__author")
    right_click(browser, author)
    assert items(browser) == ["Написать сообщение", "Добавить в друзья", "Заблокировать",
                              "Назначить модератором", "Тайм-аут", "Исключить", "Заблокировать на сервере"]
    choose(browser, "Добавить в друзья")
    wait_for_toast(browser, "Запрос отправлен")


def channel_entry(driver, name: str):
    return WebDriverWait(driver, 10).until(lambda d: d.find_element(
        By.XPATH, f"//li[contains(@class,'channel-entry')][.//a[contains(@class,'channel-link')][.//span[normalize-space()='{name}']]]"))


def test_a_channels_menu_marks_it_read_for_a_member_and_manages_it_for_the_owner(app, browser, guest_browser, live, guild):
    server_id, channels = guild
    with app.app_context():
        do_send_message(find_user("vera"), channels["игра"], "Кто в рейд?")
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    game = channel_entry(browser, "игра")
    WebDriverWait(browser, 10).until(lambda d: "is-unread" in game.find_element(By.CSS_SELECTOR, "a").get_attribute("class"))
    right_click(browser, game)
    assert items(browser) == ["Отметить как прочитанное", "Копировать ссылку"]
    choose(browser, "Отметить как прочитанное")
    WebDriverWait(browser, 10).until(lambda d: "is-unread" not in channel_entry(d, "игра").find_element(
        By.CSS_SELECTOR, "a").get_attribute("class"))
    assert browser.current_url.endswith(f"/channels/{channels['общий']}")  # still here: read without opening it

    owner = guest_browser
    sign_in(owner, live, "vera")
    open_channel(owner, live, server_id, channels["общий"])
    link = channel_entry(owner, "общий").find_element(By.CSS_SELECTOR, "a")
    link.send_keys(Keys.SHIFT, Keys.F10)  # the keyboard, on the row's link
    assert items(owner) == ["Копировать ссылку", "Переименовать", "Переместить выше", "Переместить ниже", "Удалить канал"]
    assert not owner.find_element(By.XPATH, "//*[@role='menuitem'][normalize-space()='Переместить выше']").is_enabled()
    choose(owner, "Переименовать")
    field = wait_for(owner, "dialog[open] input")
    assert field.get_attribute("value") == "общий"
    field.send_keys(Keys.ESCAPE)
    WebDriverWait(owner, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))


def members_drawer(driver):
    if driver.find_element(By.CSS_SELECTOR, ".members-toggle").get_attribute("aria-expanded") != "true":
        driver.find_element(By.CSS_SELECTOR, ".members-toggle").click()
    return wait_for(driver, "#members-drawer .member-row")


def member(driver, username: str):
    return wait_for(driver, f"#members-drawer .member-row[data-username='{username}']")


def test_a_members_menu_offers_moderation_to_the_owner_only_and_the_owner_appoints_a_moderator(app, browser, guest_browser,
                                                                                               live, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    members_drawer(browser)
    right_click(browser, member(browser, "vera"))
    assert items(browser) == ["Профиль", "Написать сообщение", "Добавить в друзья", "Заблокировать"]
    choose(browser, "Профиль")
    wait_for(browser, ".profile-card[role=dialog]")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()

    owner = guest_browser
    sign_in(owner, live, "vera")
    open_channel(owner, live, server_id, channels["общий"])
    members_drawer(owner)
    member(owner, "olga").send_keys(Keys.SHIFT, Keys.F10)
    assert items(owner) == ["Профиль", "Написать сообщение", "Добавить в друзья", "Заблокировать",
                            "Назначить модератором", "Тайм-аут", "Исключить", "Заблокировать на сервере"]
    ActionChains(owner).send_keys(Keys.ESCAPE).perform()
    no_menu(owner)
    assert active(owner) == member(owner, "olga")
    right_click(owner, member(owner, "olga"))
    choose(owner, "Назначить модератором")
    wait_for_toast(owner, "Участник назначен модератором")
    with app.app_context():
        role = db.session.scalar(select(Membership.role).where(
            Membership.server_id == server_id, Membership.user_id == find_user("olga").id))
    assert str(getattr(role, "value", role)).lower() == "moderator"


def test_a_friends_row_menu_is_the_same_by_right_click_and_removes_the_friend(app, browser, live):
    from tests.browser.test_servers import make_person
    make_person(app, "olga", "Ольга")
    make_person(app, "vera", "Вера")
    befriend(app, "vera", "olga")
    sign_in(browser, live, "olga")
    open_friends(browser, live, "/friends")
    browser.find_element(By.XPATH, "//button[@role='tab'][starts-with(normalize-space(), 'Все')]").click()
    right_click(browser, row(browser, "vera"))
    by_click = items(browser)
    assert by_click == ["Написать сообщение", "Удалить из друзей", "Заблокировать"]
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    no_menu(browser)
    row(browser, "vera").find_element(By.CSS_SELECTOR, "button[aria-haspopup=menu]").click()  # its "more" button
    assert items(browser) == by_click
    choose(browser, "Удалить из друзей")
    wait_for_toast(browser, "Друг удален")


def long_press(driver, element, seconds: float = 0.9) -> None:
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    actions.pointer_action.move_to(element).pointer_down().pause(seconds).pointer_up()
    actions.perform()


def test_a_long_press_on_a_phone_opens_the_menus_of_a_message_and_a_channel(live, talk):
    server_id, channels = talk
    phone = start_browser(phone=True, width=390, height=844)
    try:
        sign_in(phone, live, "olga")
        open_channel(phone, live, server_id, channels["общий"])
        long_press(phone, message_row(phone, "Сбор в восемь").find_element(By.CSS_SELECTOR, ".message__content"))
        assert items(phone)[:2] == ["Добавить реакцию", "Ответить"]
        menu = phone.find_element(By.CSS_SELECTOR, MENU)
        rect = phone.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]", menu)
        assert rect[0] >= 0 and rect[1] <= 390 and rect[2] >= 0 and rect[3] <= 844  # inside the screen
        choose(phone, "Ответить")
        wait_for(phone, ".composer__reply")

        # The channel list is in the sidebar, which slides in on a phone.
        phone.find_element(By.CSS_SELECTOR, "[aria-controls='app-sidebar']").click()
        here = channel_entry(phone, "игра")
        WebDriverWait(phone, 5).until(lambda d: here.is_displayed())
        long_press(phone, here)
        assert items(phone) == ["Копировать ссылку"]
        assert phone.current_url.endswith(f"/channels/{channels['общий']}")  # the press opened no channel
    finally:
        phone.quit()


def test_a_dm_rows_menu_is_the_persons_menu(app, browser, live):
    from lobby.dms.actions import do_open_dm
    from tests.browser.test_servers import make_person
    make_person(app, "olga", "Ольга")
    make_person(app, "vera", "Вера")
    befriend(app, "vera", "olga")
    with app.app_context():
        channel, _ = do_open_dm(find_user("vera"), find_user("olga").id)
        do_send_message(find_user("vera"), channel.id, "привет")
    sign_in(browser, live, "olga")
    dm = wait_for(browser, "a.dm-row")
    right_click(browser, dm)
    assert items(browser) == ["Написать сообщение", "Удалить из друзей", "Заблокировать"]
    choose(browser, "Заблокировать")
    wait_for_toast(browser, "Пользователь заблокирован")
