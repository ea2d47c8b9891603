"""The server rail (issue 29), as two people and a phone meet it: a DM is one click from inside a
server (the rail's home, then the conversation); a server's unread pill and mention count come live
and go when it is read; the person's own order of their servers, made by dragging or from the
keyboard, is still there after a reload; on a phone the rail and the sidebar slide in together; a
server joined or left in one tab leaves or joins the rail of another tab at once (`user_servers`)."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from sqlalchemy import select

from lobby.accounts.actions import find_user
from lobby.dms.actions import do_open_dm
from lobby.extensions import db
from lobby.friends.actions import do_send_request
from lobby.servers import actions as servers
from lobby.servers.access import membership_of
from lobby.servers.listing import my_order
from lobby.servers.models import Channel, Server
from lobby.servers.validation import check_new_server
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_until_url
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_unread import online, say, until

pytestmark = pytest.mark.browser

SERVERS = ("Альфа", "Бета", "Гамма")


@pytest.fixture
def realm(app):
    """vera owns Альфа, Бета and Гамма (channels 'общий', 'игра', voice 'голосовой'); olga joined
    them in that order. The two are friends with a DM between them. → {name: (server id, {channel: id})},
    and the DM's channel id under 'dm'."""
    make_person(app, "vera", "Вера")
    make_person(app, "olga", "Ольга")
    with app.app_context():
        vera, olga = find_user("vera"), find_user("olga")
        found = {}
        for name in SERVERS:
            server = servers.do_create_server(vera, check_new_server({"name": name, "template": "gaming"}))
            servers.do_join(server, olga)
            found[name] = (server.id, {channel.name: channel.id for channel in db.session.scalars(
                select(Channel).where(Channel.server_id == server.id))})
        do_send_request(vera, "olga", None)
        do_send_request(olga, "vera", None)  # accepts vera's
        found["dm"] = do_open_dm(vera, olga.id)[0].id
        return found


def rail_ids(driver) -> list[int]:
    return [int(item.get_attribute("data-server-id"))
            for item in driver.find_elements(By.CSS_SELECTOR, ".rail__servers li[data-server-id]")]


def rail_item(driver, server_id: int):
    return driver.find_element(By.CSS_SELECTOR, f".rail__servers li[data-server-id='{server_id}']")


def rail_link(driver, server_id: int):
    return rail_item(driver, server_id).find_element(By.CSS_SELECTOR, "a.rail-item__button")


def count_of(item) -> str | None:
    found = item.find_elements(By.CSS_SELECTOR, ".rail-item__count")
    return found[0].text if found else None


def stored_order(app, username: str) -> list[int]:
    with app.app_context():
        return my_order(find_user(username).id)


def sortable(driver) -> None:
    """The rail's sortable part has taken over (dnd-kit describes each icon's keys)."""
    until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".rail__servers a[aria-describedby]"),
          message="the rail never became sortable")


def test_a_dm_is_one_click_from_inside_a_server(app, live, browser, realm):
    alpha, channels = realm["Альфа"]
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{alpha}/channels/{channels['общий']}")
    online(browser)
    home = wait_for(browser, ".rail-item--home a")
    assert home.get_attribute("aria-label") == "Личные сообщения"

    # vera writes: the rail's home shows the waiting DM at once, named for screen readers too.
    say(app, "vera", realm["dm"], "Ты в игре?")
    until(browser, lambda d: count_of(d.find_element(By.CSS_SELECTOR, ".rail-item--home")) == "1")
    assert browser.find_element(By.CSS_SELECTOR, ".rail-item--home a").get_attribute("aria-label") == \
        "Личные сообщения, 1 непрочитанное сообщение"

    # One click on the rail's home, one on the conversation.
    browser.find_element(By.CSS_SELECTOR, ".rail-item--home a").click()
    wait_until_url(browser, "/app/friends")
    until(browser, lambda d: "is-active" in d.find_element(By.CSS_SELECTOR, ".rail-item--home").get_attribute("class"))
    row = until(browser, lambda d: d.find_element(By.XPATH, "//a[contains(@class,'dm-row')][.//*[contains(.,'Ты в игре?')]]"))
    row.click()
    with app.app_context():
        wait_until_url(browser, f"/app/friends?dm={find_user('vera').id}")
    until(browser, lambda d: "Ты в игре?" in d.find_element(By.CSS_SELECTOR, ".message-list").text)
    until(browser, lambda d: count_of(d.find_element(By.CSS_SELECTOR, ".rail-item--home")) is None)


def test_a_servers_unread_pill_and_mentions_come_live_and_go_when_read(app, live, browser, realm):
    alpha, alpha_channels = realm["Альфа"]
    beta, beta_channels = realm["Бета"]
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{beta}/channels/{beta_channels['общий']}")
    online(browser)
    assert "is-active" in rail_item(browser, beta).get_attribute("class")
    assert rail_link(browser, beta).get_attribute("aria-current") == "true"
    assert "is-unread" not in rail_item(browser, alpha).get_attribute("class")

    say(app, "vera", alpha_channels["общий"], "Кто сегодня в рейд?")
    until(browser, lambda d: "is-unread" in rail_item(d, alpha).get_attribute("class"))
    assert count_of(rail_item(browser, alpha)) is None  # new, not addressed to her: the pill alone
    assert rail_link(browser, alpha).get_attribute("aria-label") == "Альфа, есть непрочитанные сообщения"

    say(app, "vera", alpha_channels["игра"], "@olga ты с нами?")
    until(browser, lambda d: count_of(rail_item(d, alpha)) == "1")
    assert rail_link(browser, alpha).get_attribute("aria-label") == "Альфа, 1 упоминание"

    # Reading both channels clears the server in the rail.
    until(browser, lambda d: rail_link(d, alpha).click() or True)  # the rail re-renders as frames come
    wait_until_url(browser, f"/app/servers/{alpha}")
    for name in ("общий", "игра"):
        until(browser, lambda d, name=name: d.find_element(
            By.XPATH, f"//a[contains(@class,'channel-link')][.//span[normalize-space()='{name}']]").click() or True)
        wait_until_url(browser, f"/app/servers/{alpha}/channels/{alpha_channels[name]}")
    until(browser, lambda d: "is-unread" not in rail_item(d, alpha).get_attribute("class")
          and count_of(rail_item(d, alpha)) is None)
    assert "is-active" in rail_item(browser, alpha).get_attribute("class")


def test_the_rail_is_reordered_by_dragging_and_from_the_keyboard_and_stays_so(app, live, browser, realm):
    alpha, beta, gamma = (realm[name][0] for name in SERVERS)
    sign_in(browser, live, "olga")
    until(browser, lambda d: rail_ids(d) == [alpha, beta, gamma])
    sortable(browser)
    ActionChains(browser).move_to_element(rail_link(browser, beta)).perform()  # its name beside it
    until(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".rail-tooltip").text == "Бета")

    # Гамма dragged to the top, two places up (48 px icons, 8 px apart), by a hand that moves in steps.
    actions = ActionChains(browser)
    actions.click_and_hold(rail_link(browser, gamma)).move_by_offset(0, -10).pause(0.1)
    for _ in range(6):
        actions.move_by_offset(0, -17).pause(0.05)
    actions.pause(0.2).release().perform()
    until(browser, lambda d: rail_ids(d) == [gamma, alpha, beta], message="the drag did not reorder")
    wait_until_url(browser, "/app")  # a drop is not a click on the server
    until(browser, lambda d: stored_order(app, "olga") == [gamma, alpha, beta], message="never stored")

    browser.refresh()
    wait_for_island(browser, "app-shell")
    until(browser, lambda d: rail_ids(d) == [gamma, alpha, beta], message="the order was not kept")

    # From the keyboard: Space lifts Альфа, ↑ moves it up one place, Space puts it down.
    sortable(browser)
    link = rail_link(browser, alpha)
    browser.execute_script("arguments[0].focus()", link)
    ActionChains(browser).send_keys(Keys.SPACE).pause(0.3).send_keys(Keys.ARROW_UP).pause(0.3).send_keys(Keys.SPACE).perform()
    until(browser, lambda d: rail_ids(d) == [alpha, gamma, beta], message="the keyboard did not reorder")
    until(browser, lambda d: d.switch_to.active_element == rail_link(d, alpha), message="the focus was lost")
    until(browser, lambda d: stored_order(app, "olga") == [alpha, gamma, beta], message="never stored")
    browser.refresh()
    wait_for_island(browser, "app-shell")
    until(browser, lambda d: rail_ids(d) == [alpha, gamma, beta])
    # The server cards of the home view follow the same order.
    names = [name.text for name in browser.find_elements(By.CSS_SELECTOR, "a.server-card:not(.server-card--create) .server-card__name")]
    assert names[:3] == ["Альфа", "Гамма", "Бета"]


def test_on_a_phone_the_rail_and_the_sidebar_slide_in_together(app, live, realm):
    alpha, alpha_channels = realm["Альфа"]
    beta, beta_channels = realm["Бета"]
    phone = start_browser(phone=True, width=390, height=844)
    try:
        sign_in(phone, live, "olga")
        phone.get(f"{live.url}/app/servers/{alpha}/channels/{alpha_channels['общий']}")
        wait_for_island(phone, "app-shell")

        def box(css):
            return phone.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                        "return [r.left, r.right];", css)

        until(phone, lambda d: box(".app__rail")[1] <= 0 and box(".app__sidebar")[1] <= 0)  # closed: both out
        inert = 'return document.querySelector(".app__rail").hasAttribute("inert")'
        assert phone.execute_script(inert)  # out of the way of the keyboard and screen readers too

        phone.find_element(By.CSS_SELECTOR, ".app-topbar__toggle").click()
        until(phone, lambda d: box(".app__rail")[0] == 0 and abs(box(".app__sidebar")[0] - box(".app__rail")[1]) < 1.5,
              message="the rail and the sidebar did not come in side by side")
        assert not phone.execute_script(inert)

        # A server from the rail: its channels in the same drawer, still open.
        rail_link(phone, beta).click()
        until(phone, lambda d: d.find_element(By.CSS_SELECTOR, ".channel-view__name").text == "Бета")
        assert box(".app__rail")[0] == 0
        phone.find_element(By.XPATH, "//a[contains(@class,'channel-link')][.//span[normalize-space()='игра']]").click()
        wait_until_url(phone, f"/app/servers/{beta}/channels/{beta_channels['игра']}")
        until(phone, lambda d: box(".app__rail")[1] <= 0 and box(".app__sidebar")[1] <= 0, message="the drawer stayed")
    finally:
        phone.quit()


def test_a_server_joined_or_left_in_one_tab_reaches_the_others(app, live, browser, realm):
    with app.app_context():
        open_server = servers.do_create_server(find_user("vera"), check_new_server(
            {"name": "Открытый", "template": "gaming", "isPublic": True}))
        open_id = open_server.id
    other_tab = start_browser()
    try:
        for driver in (browser, other_tab):
            sign_in(driver, live, "olga")
        until(other_tab, lambda d: len(rail_ids(d)) == 3)

        # Joined in one tab: in the other's rail at once, no reload.
        browser.get(f"{live.url}/app/servers/{open_id}")
        wait_for(browser, ".sidebar-join button").click()
        until(browser, lambda d: open_id in rail_ids(d))
        until(other_tab, lambda d: rail_ids(d)[-1:] == [open_id], message="the join never reached the other tab")
        assert rail_link(other_tab, open_id).get_attribute("aria-label") == "Открытый"

        # Left (here from another device): gone from both tabs.
        with app.app_context():
            servers.do_leave(db.session.get(Server, open_id), membership_of(find_user("olga"), open_id))
        for driver in (browser, other_tab):
            until(driver, lambda d: open_id not in rail_ids(d), message="the leave never reached a tab")
    finally:
        other_tab.quit()


def test_a_rail_servers_menu_moves_it_and_offers_what_the_server_menu_does(app, live, browser, realm):
    alpha, beta, gamma = (realm[name][0] for name in SERVERS)
    sign_in(browser, live, "olga")
    until(browser, lambda d: rail_ids(d) == [alpha, beta, gamma])

    ActionChains(browser).context_click(rail_link(browser, alpha)).perform()
    menu = wait_for(browser, ".context-menu[role=menu]")
    assert menu.get_attribute("aria-label") == "Меню сервера Альфа"
    labels = [item.text for item in menu.find_elements(By.CSS_SELECTOR, "[role=menuitem]")]
    assert labels == ["Переместить ниже", "Пригласить людей", "Настройки сервера", "Покинуть сервер"]
    menu.find_element(By.CSS_SELECTOR, "[data-item='move-down']").click()
    until(browser, lambda d: rail_ids(d) == [beta, alpha, gamma])
    until(browser, lambda d: stored_order(app, "olga") == [beta, alpha, gamma], message="never stored")

    # From the keyboard: Shift+F10 on Гамма's icon, the first item takes the focus, Enter chooses;
    # the focus comes back to Гамма's icon, now one place up.
    link = rail_link(browser, gamma)
    browser.execute_script("arguments[0].focus()", link)
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
    first = wait_for(browser, ".context-menu [role=menuitem]")
    assert first.text == "Переместить выше" and browser.switch_to.active_element == first
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    until(browser, lambda d: rail_ids(d) == [beta, gamma, alpha])
    until(browser, lambda d: d.switch_to.active_element == rail_link(d, gamma), message="the focus was lost")
    until(browser, lambda d: stored_order(app, "olga") == [beta, gamma, alpha], message="never stored")


def fetched(driver, path: str) -> bool:
    return driver.execute_script(
        "return performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === arguments[0])",
        path)


def test_a_server_is_fetched_while_the_pointer_or_the_focus_rests_on_it(app, live, browser, realm):
    alpha, beta, gamma = (realm[name][0] for name in SERVERS)
    sign_in(browser, live, "olga")
    until(browser, lambda d: rail_ids(d) == [alpha, beta, gamma])
    assert not fetched(browser, f"/api/servers/{beta}") and not fetched(browser, f"/api/servers/{beta}/channels")

    # The pointer rests on Бета's icon: its server and channels are fetched ahead...
    ActionChains(browser).move_to_element(rail_link(browser, beta)).pause(0.4).perform()
    until(browser, lambda d: fetched(d, f"/api/servers/{beta}") and fetched(d, f"/api/servers/{beta}/channels"),
          message="nothing fetched on a resting pointer")
    # ...so opening it shows its channels at once: no loading rows, no second read of them.
    browser.execute_script("""
        window.flashed = false;
        new MutationObserver(() => { if (document.querySelector('.channel-link--skeleton')) window.flashed = true; })
          .observe(document.body, { childList: true, subtree: true });""")
    until(browser, lambda d: rail_link(d, beta).click() or True)
    until(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".channel-view__name").text == "Бета")
    wait_for(browser, "a.channel-link")
    assert browser.execute_script("return window.flashed") is False

    # The keyboard's focus does the same, on a card of the home view too.
    browser.get(f"{live.url}/app")
    wait_for_island(browser, "app-shell")
    card = wait_for(browser, f"a.server-card[href='/app/servers/{gamma}']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
    assert not fetched(browser, f"/api/servers/{gamma}/channels")
    for _ in range(60):  # Tab until the card has the focus, as a keyboard user does
        if browser.switch_to.active_element == card:
            break
        ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element == card
    until(browser, lambda d: fetched(d, f"/api/servers/{gamma}") and fetched(d, f"/api/servers/{gamma}/channels"),
          message="nothing fetched on the keyboard's focus")
