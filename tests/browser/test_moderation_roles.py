"""Roles in two browsers: the owner appoints a moderator in the panel's members tab; the new
moderator opens the panel, bans someone, and times out someone else, who sees the notice in place
of the composer at once; the owner's log shows the role change, the ban and the timeout. Then a
member reports messages and a moderator (not the owner) resolves each report from the 'Жалобы' tab
— dismissed, message deleted, author kicked, author banned — with the effects and the log entries
to show. The owner hands the server to a member in the settings' danger zone (confirmed in the
app's dialog): the heir has the owner's powers, the former owner a moderator's."""
import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.messages.models import Message
from lobby.messages.sending import do_send_message
from lobby.servers import actions as servers
from lobby.servers import roles
from lobby.servers.access import active_ban, membership_of
from lobby.servers.models import Server
from lobby.servers.reports import do_report
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

    # Mila opens the panel from her sidebar: she may moderate, not appoint or change the settings
    # (she reads them, as every member does: issue 29).
    mila = others()
    sign_in(mila, live, "mila")
    mila.get(f"{live.url}/app/servers/{server_id}/settings")
    wait_for_text(mila, "Изменять настройки может только владелец сервера.")
    mila.get(f"{live.url}/app/servers/{server_id}")
    click_text(mila, "Модерация", "a")
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
    assert "Блокировка" in joined and "Павел Тестова" in joined and "Спам" in joined  # one name (issue 29)
    assert "Тайм-аут" in joined and "10 минут · Флуд" in joined

    # Mila lifts the timeout; Tolya may write again.
    member_row(mila, "tolya").find_element(By.XPATH, ".//button[normalize-space()='Снять тайм-аут']").click()
    wait_for_toast(mila, "Тайм-аут снят")
    wait_for(tolya, "#composer")


def appoint(app, server_id: int, username: str) -> None:
    """The owner makes `username` a moderator (as the members tab does)."""
    with app.app_context():
        server = db.session.get(Server, server_id)
        roles.do_set_role(server, membership_of(find_user("vera"), server_id), find_user(username).id, "moderator")


def report_row(driver, content: str):
    return WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: next(
        (row for row in d.find_elements(By.CSS_SELECTOR, "li.report-row") if content in row.text), None),
        message=f"no report of {content!r}")


def resolve(driver, content: str, button: str) -> None:
    """Click `button` on the report of the message holding `content`; the report leaves the queue."""
    report_row(driver, content).find_element(By.XPATH, f".//button[normalize-space()='{button}']").click()
    wait_for_toast(driver, "Жалоба рассмотрена")
    WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: all(content not in row.text for row in d.find_elements(By.CSS_SELECTOR, "li.report-row")),
        message=f"the report of {content!r} stayed")


def shown_messages(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('.message')].map((m) => m.textContent)")


def test_a_moderator_dismisses_deletes_kicks_and_bans_from_the_reports_tab(app, browser, others, live, guild):
    server_id, general = guild
    for username, name in (("mila", "Мила"), ("nina", "Нина"), ("pavel", "Павел"), ("tolya", "Толя"),
                           ("gleb", "Глеб")):
        join(app, server_id, username, name)
    appoint(app, server_id, "mila")
    with app.app_context():
        for username, text in (("pavel", "Купите монеты дёшево"), ("tolya", "флуд флуд флуд"), ("gleb", "ты никто")):
            do_send_message(find_user(username), general, text)

    # Nina reports Pavel's message from its toolbar; the others she reported already.
    nina = browser
    sign_in(nina, live, "nina")
    nina.get(f"{live.url}/app/servers/{server_id}/channels/{general}")
    message = WebDriverWait(nina, 10).until(lambda d: next(
        (m for m in d.find_elements(By.CSS_SELECTOR, ".message") if "Купите монеты дёшево" in m.text), None))
    ActionChains(nina).move_to_element(message).perform()
    message.find_element(By.CSS_SELECTOR, "button[aria-label='Пожаловаться']").click()
    dialog = wait_for(nina, "dialog.confirm")
    dialog.find_element(By.CSS_SELECTOR, "input").send_keys("Реклама")
    dialog.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_toast(nina, "Жалоба отправлена модераторам")
    with app.app_context():
        by_text = {m.content: m.id for m in db.session.scalars(select(Message).where(Message.channel_id == general))}
        for text, reason in (("Сбор в 19:00", "Не по теме"), ("флуд флуд флуд", "Флуд"), ("ты никто", "Оскорбления")):
            do_report(find_user("nina"), by_text[text], reason)

    # Mila, a moderator, not the owner, works through the queue.
    mila = others()
    sign_in(mila, live, "mila")
    open_panel_tab(mila, live, server_id, "Жалобы")
    first = report_row(mila, "Купите монеты дёшево")
    assert "Реклама" in first.text and "Нина Тестова" in first.text and "Павел Тестова" in first.text
    assert len(mila.find_elements(By.CSS_SELECTOR, "li.report-row")) == 4

    resolve(mila, "Сбор в 19:00", "Отклонить")  # dismissed: the message stays
    resolve(mila, "Купите монеты дёшево", "Удалить сообщение")  # gone from Nina's open channel
    WebDriverWait(nina, 10).until(lambda d: not any("Купите монеты дёшево" in m for m in shown_messages(d)))
    assert any("Сбор в 19:00" in m for m in shown_messages(nina))
    resolve(mila, "флуд флуд флуд", "Исключить автора")
    resolve(mila, "ты никто", "Заблокировать автора")
    wait_for_text(mila, "Жалоб нет")

    # Tolya is out, Gleb is out and banned; Pavel, whose message went, and the owner stay.
    click_text(mila, "Участники", "button")
    member_row(mila, "pavel")
    WebDriverWait(mila, 10).until(lambda d: not d.find_elements(
        By.CSS_SELECTOR, "li.member-row[data-username='tolya'], li.member-row[data-username='gleb']"))
    with app.app_context():
        assert membership_of(find_user("tolya"), server_id) is None and not active_ban(find_user("tolya").id, server_id)
        assert membership_of(find_user("gleb"), server_id) is None and active_ban(find_user("gleb").id, server_id)

    # The log: each resolution by Mila, the kick and the ban beside theirs.
    click_text(mila, "Журнал", "button")
    entries = WebDriverWait(mila, 10).until(lambda d: [e.text for e in d.find_elements(
        By.CSS_SELECTOR, "li.log-entry[data-type='REPORT_RESOLVE']")] or None)
    assert len(entries) == 4 and all("Модератор Мила Тестова" in entry for entry in entries)
    joined = "\n".join(entries)
    for words in ("Отклонена · Не по теме", "Сообщение удалено · Реклама", "Автор исключён · Флуд",
                  "Автор заблокирован · Оскорбления"):
        assert words in joined
    kinds = [e.get_attribute("data-type") for e in mila.find_elements(By.CSS_SELECTOR, "li.log-entry")]
    assert "KICK" in kinds and "BAN" in kinds


def test_the_owner_hands_the_server_to_a_member_and_stays_a_moderator(app, browser, others, live, guild):
    server_id, _ = guild
    join(app, server_id, "mila", "Мила")
    join(app, server_id, "pavel", "Павел")

    # Vera picks Mila in the danger zone and confirms in the app's own dialog.
    sign_in(browser, live, "vera")
    browser.get(f"{live.url}/app/servers/{server_id}/settings")
    heir = Select(wait_for(browser, "#settings-heir"))
    assert sorted(option.text for option in heir.options[1:]) == ["Мила Тестова (@mila)", "Павел Тестова (@pavel)"]
    heir.select_by_visible_text("Мила Тестова (@mila)")
    browser.find_element(By.XPATH, "//button[normalize-space()='Передать владение']").click()
    dialog = wait_for(browser, "dialog.confirm")
    assert "@mila станет владельцем сервера «Гильдия», а вы останетесь модератором." in dialog.text
    dialog.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for_toast(browser, "Владение сервером передано")
    with app.app_context():
        assert db.session.get(Server, server_id).owner_id == find_user("mila").id

    # Mila has the owner's powers: the settings are hers to change, she appoints moderators.
    mila = others()
    sign_in(mila, live, "mila")
    mila.get(f"{live.url}/app/servers/{server_id}/settings")
    name = wait_for(mila, "dialog[open] #server-name")
    WebDriverWait(mila, 10).until(lambda d: name.get_attribute("readonly") is None, message="the name stayed read-only")
    assert mila.find_element(By.CSS_SELECTOR, "dialog[open] section.settings-danger").is_displayed()  # 'Опасная зона'
    assert "Изменять настройки может только владелец сервера." not in mila.find_element(By.CSS_SELECTOR, "dialog[open]").text
    open_panel_tab(mila, live, server_id, "Участники")
    assert "Владелец" in member_row(mila, "mila").text
    assert "Модератор" in member_row(mila, "vera").text
    member_row(mila, "pavel").find_element(By.XPATH, ".//button[normalize-space()='Назначить модератором']")
    member_row(mila, "vera").find_element(By.XPATH, ".//button[normalize-space()='Снять модератора']")

    # Vera is a moderator now: the settings read-only and no danger zone, no appointing; she still moderates.
    browser.get(f"{live.url}/app/servers/{server_id}/settings")
    wait_for(browser, "dialog[open] #server-name")
    assert "Изменять настройки может только владелец сервера." in browser.find_element(By.CSS_SELECTOR, "dialog[open]").text
    assert not browser.find_elements(By.CSS_SELECTOR, "dialog[open] section.settings-danger")
    open_panel_tab(browser, live, server_id, "Участники")
    pavel = member_row(browser, "pavel")
    assert not browser.find_elements(By.XPATH, "//button[normalize-space()='Назначить модератором']")
    pavel.find_element(By.XPATH, ".//button[normalize-space()='Исключить']")
    assert "Владелец" in member_row(browser, "mila").text
    assert not member_row(browser, "mila").find_elements(By.XPATH, ".//button[normalize-space()='Исключить']")


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
