"""Roles in two browsers: the owner appoints a moderator in the panel's members tab; the new
moderator opens the panel, bans someone, and times out someone else, who sees the notice in place
of the composer at once; the owner's log shows the role change, the ban and the timeout. Then the
member reports a message and the moderator deletes it from the 'Жалобы' tab."""
import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.servers import actions as servers
from lobby.servers.models import Server
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_friends import wait_for_toast
from tests.browser.test_members_drawer import others  # noqa: F401 (a fixture)
from tests.browser.test_servers import answer_prompt, click_text, make_person, sign_in

pytestmark = pytest.mark.browser


def join(app, server_id: int, username: str, first_name: str) -> None:
    make_person(app, username, first_name)
    with app.app_context():
        servers.do_join(db.session.get(Server, server_id), find_user(username))


def member_row(driver, username: str):
    return wait_for(driver, f"li.member-row[data-username='{username}']")


def open_panel_tab(driver, live, server_id: int, tab: str) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/admin")
    wait_for_island(driver, "app-shell")
    click_text(driver, tab, "button")


def test_the_owner_appoints_a_moderator_who_bans_and_times_out(app, browser, others, live, guild):
    server_id, general = guild
    join(app, server_id, "mila", "Мила")
    join(app, server_id, "pavel", "Павел")
    join(app, server_id, "tolya", "Толя")

    # Vera, the owner, makes Mila a moderator.
    sign_in(browser, live, "vera")
    open_panel_tab(browser, live, server_id, "Участники")
    row = member_row(browser, "mila")
    row.find_element(By.XPATH, ".//button[normalize-space()='Назначить модератором']").click()
    wait_for_toast(browser, "Участник назначен модератором")
    WebDriverWait(browser, 10).until(lambda d: "Модератор" in member_row(d, "mila").text)

    # Mila opens the panel from her sidebar: she may moderate, not appoint or change the settings.
    mila = others()
    sign_in(mila, live, "mila")
    mila.get(f"{live.url}/app/servers/{server_id}")
    click_text(mila, "Модерация", "a")
    assert not mila.find_elements(By.XPATH, "//a[normalize-space()='Настройки сервера']")
    click_text(mila, "Участники", "button")
    pavel_row = member_row(mila, "pavel")
    assert not mila.find_elements(By.XPATH, "//button[normalize-space()='Назначить модератором']")
    pavel_row.find_element(By.XPATH, ".//button[normalize-space()='Заблокировать']").click()
    answer_prompt(mila, "Спам")
    wait_for_toast(mila, "Пользователь заблокирован")
    WebDriverWait(mila, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "li.member-row[data-username='pavel']"))

    # Tolya has the channel open; Mila times him out and his composer gives way to the notice.
    tolya = others()
    sign_in(tolya, live, "tolya")
    tolya.get(f"{live.url}/app/servers/{server_id}/channels/{general}")
    wait_for(tolya, "#composer")
    tolya_row = member_row(mila, "tolya")
    tolya_row.find_element(By.XPATH, ".//button[normalize-space()='Тайм-аут']").click()
    Select(tolya_row.find_element(By.CSS_SELECTOR, "select[name=duration]")).select_by_visible_text("10 минут")
    tolya_row.find_element(By.CSS_SELECTOR, "input[name=reason]").send_keys("Флуд")
    tolya_row.find_element(By.XPATH, ".//button[normalize-space()='Выдать тайм-аут']").click()
    wait_for_toast(mila, "Участник получил тайм-аут")
    WebDriverWait(mila, 10).until(lambda d: "Тайм-аут до" in member_row(d, "tolya").text)
    notice = wait_for(tolya, ".timeout-notice")
    assert "Вы в тайм-ауте до" in notice.text and "через 10 минут" in notice.text
    assert not tolya.find_elements(By.CSS_SELECTOR, "#composer")

    # The owner's log tells all three.
    open_panel_tab(browser, live, server_id, "Журнал")
    entries = WebDriverWait(browser, 10).until(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "li.log-entry")]
                                               or None)
    joined = "\n".join(entries)
    assert "Смена роли" in joined and "Назначен модератором" in joined
    assert "Блокировка" in joined and "@pavel" in joined and "Спам" in joined
    assert "Тайм-аут" in joined and "10 минут · Флуд" in joined

    # Mila lifts the timeout; Tolya may write again.
    member_row(mila, "tolya").find_element(By.XPATH, ".//button[normalize-space()='Снять тайм-аут']").click()
    wait_for_toast(mila, "Тайм-аут снят")
    wait_for(tolya, "#composer")


def test_a_reported_message_is_deleted_from_the_reports_tab(app, browser, others, live, guild):
    server_id, general = guild
    join(app, server_id, "mila", "Мила")

    # Mila reports one of Vera's messages from its toolbar.
    mila = others()
    sign_in(mila, live, "mila")
    mila.get(f"{live.url}/app/servers/{server_id}/channels/{general}")
    message = WebDriverWait(mila, 10).until(lambda d: next(
        (m for m in d.find_elements(By.CSS_SELECTOR, ".message") if "Сбор в 19:00" in m.text), None))
    ActionChains(mila).move_to_element(message).perform()
    message.find_element(By.CSS_SELECTOR, "button[aria-label='Пожаловаться']").click()
    dialog = wait_for(mila, "dialog.confirm")
    dialog.find_element(By.CSS_SELECTOR, "input").send_keys("Не по теме")
    dialog.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_toast(mila, "Жалоба отправлена модераторам")

    # Vera sees it in 'Жалобы' and deletes the message.
    sign_in(browser, live, "vera")
    open_panel_tab(browser, live, server_id, "Жалобы")
    report = wait_for(browser, "li.report-row")
    assert "Сбор в 19:00" in report.text and "Не по теме" in report.text and "@mila" in report.text
    report.find_element(By.XPATH, ".//button[normalize-space()='Удалить сообщение']").click()
    wait_for_toast(browser, "Жалоба рассмотрена")
    wait_for_text(browser, "Жалоб нет")
    WebDriverWait(mila, 10).until(lambda d: all("Сбор в 19:00" not in m.text
                                                for m in d.find_elements(By.CSS_SELECTOR, ".message")))


def test_the_owner_deletes_the_server_after_typing_its_name(app, browser, others, live, guild):
    server_id, general = guild
    join(app, server_id, "mila", "Мила")
    mila = others()
    sign_in(mila, live, "mila")
    mila.get(f"{live.url}/app/servers/{server_id}/channels/{general}")
    wait_for(mila, "#composer")

    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/settings")
    wait_for_island(browser, "app-shell")
    click_text(browser, "Удалить сервер", "button")
    dialog = wait_for(browser, "dialog.confirm")
    confirm = dialog.find_element(By.CSS_SELECTOR, "button[type=submit]")
    field = dialog.find_element(By.CSS_SELECTOR, "input")
    field.send_keys("Гильди")
    assert not confirm.is_enabled()  # only the exact name unlocks it
    field.send_keys("я")
    WebDriverWait(browser, 5).until(lambda d: confirm.is_enabled())
    confirm.click()
    wait_for_toast(browser, "Сервер удалён")
    WebDriverWait(browser, 10).until(lambda d: d.current_url.rstrip("/").endswith("/app"))
    # Mila, in one of its channels, is taken home too.
    WebDriverWait(mila, 10).until(lambda d: d.current_url.rstrip("/").endswith("/app"))
    with app.app_context():
        assert db.session.get(Server, server_id) is None
