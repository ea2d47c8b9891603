"""Invite links, as two people meet them (issue 29): Vera shares her server's link from its menu;
Masha opens it signed out, signs up (the password hint and rule on the way), verifies, signs in and
lands in the server's first text channel. A signed-in person accepts and lands there too; a member
is sent into the server; a banned person reads the ban; an unknown code is a Russian 404 page.
A member leaves a server from its menu; the owner is told to hand it over first; a member reaches
the settings view, read-only, with the invite link; a new server opens in its first text channel."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.servers import actions as servers
from lobby.servers.models import Channel, Server
from lobby.servers.validation import check_new_server
from tests.accounts.conftest import PASSWORD
from tests.browser.conftest import start_browser
from tests.browser.helpers import page_text, wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_accounts import fill, mailed_code, paste
from tests.browser.test_servers import click_text, make_person, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def other():
    driver = start_browser()
    yield driver
    driver.quit()


@pytest.fixture
def fort(app):
    """Vera owns the private server 'Крепость' (template gaming: 'общий', 'игра', 'голосовой');
    Olga is a member. Returns (server id, invite code, id of 'общий')."""
    make_person(app, "vera", "Вера")
    make_person(app, "olga", "Ольга")
    with app.app_context():
        server = servers.do_create_server(find_user("vera"), check_new_server(
            {"name": "Крепость", "template": "gaming", "isPublic": False}))
        servers.do_join(server, find_user("olga"))
        general = db.session.scalar(select(Channel.id).where(Channel.server_id == server.id, Channel.name == "общий"))
        return server.id, server.invite_code, general


def open_server_menu(driver):
    wait_for(driver, ".channel-view__menu").click()
    return wait_for(driver, ".server-menu[role=menu]")


def choose(menu, label: str) -> None:
    menu.find_element(By.XPATH, f".//button[@role='menuitem'][normalize-space()='{label}']").click()


def test_a_shared_link_brings_a_new_person_through_sign_up_into_the_server(app, live, browser, other, mailbox, fort):
    server_id, code, general = fort
    # Vera shares the link from her server's menu: the link, not the bare code.
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{general}")
    choose(open_server_menu(browser), "Пригласить людей")
    link_field = wait_for(browser, "dialog[open] #invite-link")
    link = link_field.get_attribute("value")
    assert link == f"{live.url}/invite/{code}"
    browser.find_element(By.XPATH, "//dialog[@open]//button[normalize-space()='Копировать']").click()
    wait_for_text(browser, "Ссылка-приглашение скопирована")
    assert "Сервер приватный: присоединиться к нему можно только по этой ссылке." in page_text(browser)

    # Masha, signed out, opens it: the server's card, its counts, and the way in.
    mailbox.messages.clear()
    other.get(link)
    card = wait_for(other, ".invite")
    assert "Вас пригласили на сервер" in card.text and "Крепость" in card.text
    assert "2 участника" in card.text and "в сети" in card.text
    other.find_element(By.XPATH, "//button[normalize-space()='Принять приглашение']").click()
    wait_until_url(other, "/auth/register")
    wait_for_text(other, "После входа вы сразу окажетесь на сервере «Крепость».")
    wait_for_island(other, "register-form")
    fill(other, {"firstName": "Мария", "lastName": "Иванова", "username": "masha", "email": "masha@example.com"})

    # The password: a common one is named so as it is typed, and refused when sent.
    fill(other, {"password": "qwerty123"})
    hint = wait_for(other, "#password-strength")
    WebDriverWait(other, 10).until(lambda d: "Этот пароль слишком распространён" in hint.text)
    assert "Надёжность пароля: Очень слабый" in hint.text
    other.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(other, "Этот пароль слишком распространён: придумайте другой")
    fill(other, {"password": "masha-2026-pass"})  # her own name in it: also refused
    other.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_text(other, "Пароль не должен содержать username или email")
    fill(other, {"password": PASSWORD})
    WebDriverWait(other, 10).until(lambda d: "Надёжность пароля: Надёжный" in d.find_element(By.ID, "password-strength").text)
    other.find_element(By.CSS_SELECTOR, "button[type=submit]").click()

    # Verified, she is sent to sign in with the spec's banner; signing in opens the server.
    wait_until_url(other, "/auth/verify-email?email=masha%40example.com")
    wait_for_island(other, "verify-email")
    paste(other, other.find_elements(By.CSS_SELECTOR, ".code-box")[0], mailed_code(app, mailbox, "masha@example.com"))
    wait_until_url(other, "/auth?verified=true")
    wait_for_text(other, "Email успешно подтвержден! Теперь вы можете войти в систему.")
    wait_for_island(other, "login-form")
    fill(other, {"emailOrUsername": "masha", "password": PASSWORD})
    other.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_until_url(other, f"/app/servers/{server_id}/channels/{general}")
    wait_for_island(other, "app-shell")
    wait_for(other, "#composer")
    with app.app_context():
        assert servers.membership_of(find_user("masha"), server_id) is not None


def test_signed_in_the_link_joins_a_member_goes_in_the_banned_read_why_and_unknown_is_404(app, live, browser, fort):
    server_id, code, general = fort
    make_person(app, "pavel", "Павел")
    make_person(app, "boris", "Борис")
    with app.app_context():
        server = db.session.get(Server, server_id)
        owner = servers.membership_of(find_user("vera"), server_id)
        servers.do_ban(server, owner, find_user("boris").id, "Спам", None)

    sign_in(browser, live, "pavel")
    browser.get(f"{live.url}/invite/{code}")
    wait_for(browser, ".invite").find_element(By.XPATH, ".//button[normalize-space()='Принять приглашение']").click()
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{general}")
    wait_for(browser, "#composer")

    browser.get(f"{live.url}/invite/{code}")  # a member now: the page opens the server
    assert "Вы уже участник этого сервера." in wait_for(browser, ".invite").text
    click_text(browser, "Открыть сервер", "a")
    wait_until_url(browser, f"/app/servers/{server_id}/channels/{general}")

    browser.delete_all_cookies()
    sign_in(browser, live, "boris")
    browser.get(f"{live.url}/invite/{code}")
    card = wait_for(browser, ".invite")
    assert "Вы заблокированы на этом сервере" in card.text and "Принять приглашение" not in card.text

    browser.get(f"{live.url}/invite/no-such-code")
    assert "Приглашение не найдено" in wait_for(browser, ".invite--missing").text


def test_a_member_leaves_from_the_menu_and_the_owner_is_told_to_hand_over(live, browser, other, fort):
    server_id, _, general = fort
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{general}")
    choose(open_server_menu(browser), "Покинуть сервер")
    dialog = wait_for(browser, "dialog[open][role=alertdialog]")
    assert "Покинуть сервер «Крепость»?" in dialog.text and "только по приглашению" in dialog.text
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Покинуть сервер']").click()
    wait_for_text(browser, "Вы покинули сервер «Крепость»")
    wait_until_url(browser, "/app")
    WebDriverWait(browser, 10).until(lambda d: "Крепость" not in d.find_element(By.CSS_SELECTOR, ".app__nav").text)

    sign_in(other, live, "vera")
    other.get(f"{live.url}/app/servers/{server_id}")
    choose(open_server_menu(other), "Покинуть сервер")
    dialog = wait_for(other, "dialog[open][role=alertdialog]")
    assert "Сначала передайте сервер" in dialog.text and "передайте владение другому участнику" in dialog.text
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Открыть настройки']").click()
    wait_until_url(other, f"/app/servers/{server_id}/settings")
    wait_for_text(other, "Опасная зона")


def test_a_member_sees_the_settings_view_read_only_with_the_invite_link(live, browser, fort):
    server_id, code, general = fort
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}")
    wait_for(browser, ".overview-header")
    click_text(browser, "Пригласить людей", "button")
    assert wait_for(browser, "dialog[open] #invite-link").get_attribute("value") == f"{live.url}/invite/{code}"
    browser.find_element(By.CSS_SELECTOR, "dialog[open] .modal__header button").click()

    choose(open_server_menu(browser), "Настройки сервера")
    wait_until_url(browser, f"/app/servers/{server_id}/settings")
    wait_for_text(browser, "Изменять настройки может только владелец сервера.")
    assert wait_for(browser, "[data-testid=invite-link]").text == f"{live.url}/invite/{code}"
    assert "СТАТИСТИКА" in page_text(browser).upper() and "Создать новую ссылку" not in page_text(browser)
    assert browser.find_element(By.ID, "server-name").get_attribute("readonly") is not None
    assert not browser.find_elements(By.XPATH, "//*[normalize-space()='Опасная зона']")


def test_a_new_server_opens_in_its_first_text_channel(app, live, browser):
    make_person(app, "vera", "Вера")
    sign_in(browser, live, "vera")
    click_text(browser, "Создать сервер", "span")
    wait_for(browser, "#server-name").send_keys("Сообщество")
    browser.find_element(By.XPATH, "//label[contains(@class,'template-card')][.//*[normalize-space()='Сообщество']]").click()
    browser.find_element(By.CSS_SELECTOR, "button[form=create-server-form]").click()
    wait_for_text(browser, "Сервер успешно создан!")
    with app.app_context():
        server = db.session.scalar(select(Server).where(Server.name == "Сообщество"))
        first = db.session.scalar(select(Channel.id).where(Channel.server_id == server.id).order_by(Channel.position))
    wait_until_url(browser, f"/app/servers/{server.id}/channels/{first}")
    wait_for(browser, "#composer")
