"""Live, not after a reload (issue 29): a promotion and a demotion, a server's and a channel's new
names and the overview's member count reach another person's open app at once; a settings page
opened on its own keeps its person online."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.servers import actions as servers
from lobby.servers.models import Membership, Server
from lobby.servers.roles import do_set_role
from tests.accounts.conftest import PASSWORD
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_members_drawer import others, row  # noqa: F401 (a fixture)
from tests.browser.test_notifications import oleg_joins, open_channel, wait_for_sockets
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser


def as_owner(app, server_id: int, change) -> None:
    """Vera, the owner, changes something on her own device: `change(server, her membership)`."""
    with app.app_context():
        server = db.session.get(Server, server_id)
        owner = db.session.query(Membership).filter_by(server_id=server_id, role="owner").one()
        change(server, owner)


class signed_in_client:  # noqa: N801 (reads as a step)
    """An API client signed in as `username` (another device of theirs)."""

    def __init__(self, app, username: str):
        self.client = app.test_client()
        answer = self.client.post("/api/auth/login", json={"emailOrUsername": username, "password": PASSWORD})
        self.headers = {"Authorization": f"Bearer {answer.get_json()['accessToken']}"}

    def patch(self, path: str, json):
        return self.client.patch(path, json=json, headers=self.headers)


def moderation_link(driver):
    return driver.find_elements(By.XPATH, "//a[contains(@class,'sidebar-button')][normalize-space()='Модерация']")


def test_a_promotion_and_new_names_reach_an_open_tab_live(app, browser, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    with app.app_context():
        oleg_id = find_user("oleg").id
    sign_in(browser, live, "oleg")
    open_channel(browser, live, server_id, general_id)
    wait_for_sockets(app, "oleg")
    assert not moderation_link(browser)

    as_owner(app, server_id, lambda server, owner: do_set_role(server, owner, oleg_id, "moderator"))
    WebDriverWait(browser, 10).until(lambda d: moderation_link(d))  # promoted: the tools appear
    as_owner(app, server_id, lambda server, owner: do_set_role(server, owner, oleg_id, "member"))
    WebDriverWait(browser, 10).until(lambda d: not moderation_link(d))  # and go with a demotion

    vera = signed_in_client(app, "vera")  # her own device, through the API
    assert vera.patch(f"/api/servers/{server_id}", json={"name": "Клан"}).status_code == 200
    assert vera.patch(f"/api/servers/{server_id}/channels/{general_id}", json={"name": "болталка"}).status_code == 200
    WebDriverWait(browser, 10).until(lambda d: "Клан" in d.find_element(By.CSS_SELECTOR, ".app-topbar__title").text)
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "#channel-title").text == "болталка")
    assert "Гильдия" not in browser.find_element(By.CSS_SELECTOR, ".app-topbar__title").text


def member_count(driver) -> str:
    return driver.execute_script("""
      const card = [...document.querySelectorAll('.stat-card')].find((c) => c.textContent.includes('Участники'));
      return card?.querySelector('.stat-card__value')?.textContent ?? null;""")


def test_the_overview_counts_members_as_they_come_and_go(app, browser, live, guild):
    server_id, _ = guild
    oleg_joins(app, server_id)
    sign_in(browser, live, "oleg")
    browser.get(f"{live.url}/app/servers/{server_id}")
    wait_for_island(browser, "app-shell")
    WebDriverWait(browser, 10).until(lambda d: member_count(d) == "2")
    wait_for_sockets(app, "oleg")
    make_person(app, "nina", "Нина")
    with app.app_context():
        servers.do_join(db.session.get(Server, server_id), find_user("nina"))
    WebDriverWait(browser, 10).until(lambda d: member_count(d) == "3")


def test_a_settings_page_on_its_own_keeps_its_person_online(app, browser, others, live, guild):
    server_id, general_id = guild
    oleg_joins(app, server_id)
    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, general_id)
    if not browser.find_elements(By.CSS_SELECTOR, "#members-drawer"):
        browser.find_element(By.CSS_SELECTOR, ".members-toggle").click()

    oleg = others()
    sign_in(oleg, live, "oleg")
    WebDriverWait(browser, 10).until(lambda d: row(d, "oleg").get_attribute("data-status") == "online")
    hub = app.extensions["lobby.hub"]
    with app.app_context():
        oleg_id = find_user("oleg").id
    in_app = {conn.socket_id for conn in hub.connections_of(oleg_id)}

    # He leaves the app for a settings page of its own (a full page, not the dialog over the app).
    oleg.get(f"{live.url}/app/settings/profile")
    wait_for(oleg, "#settings-frame")
    WebDriverWait(None, 15).until(lambda _: {conn.socket_id for conn in hub.connections_of(oleg_id)} - in_app,
                                  message="the settings page opened no socket")
    # The settings page's socket is what keeps him online now: to presence and to her.
    presence = app.extensions["lobby.presence"]
    with app.app_context():
        assert presence.visible_statuses([oleg_id], None).get(oleg_id) == "online"
    assert row(browser, "oleg").get_attribute("data-status") == "online"
