"""A person with more tabs than the server allows: the oldest tab's socket is closed, and that tab
says why and waits for the person instead of coming back on its own (it would close the next
oldest, which would come back and close another, for ever)."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.realtime.socket_cap import SOCKETS_PER_USER
from tests.browser.test_servers import PASSWORD, click_text, make_person, sign_in
from tests.realtime.conftest import Socket

pytestmark = pytest.mark.browser


def header_state(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".connection").text


def test_the_oldest_tab_says_it_was_closed_and_reconnects_when_asked(app, live, browser):
    make_person(app, "olga", "Ольга")
    token = live_token(app)
    channel = own_channel(app, token)
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{channel['serverId']}/channels/{channel['id']}")
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")

    others = [Socket(live.url, token) for _ in range(SOCKETS_PER_USER)]  # ten more tabs, newer
    try:
        for other in others:
            other.expect("connected")
        WebDriverWait(browser, 10).until(lambda d: "открыто слишком много вкладок" in header_state(d))
        assert "офлайн" in header_state(browser) and "Переподключиться" in header_state(browser)
        # Still closed after the other tabs talk: it did not come back and close one of them.
        for other in others:
            other.send("ping")
            other.expect("pong")
        assert "открыто слишком много вкладок" in header_state(browser)

        click_text(browser, "Переподключиться", "button")
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")
        assert "вкладок" not in header_state(browser)
        assert others[0].closed_with() == (4008, "too many connections")  # now the oldest went
    finally:
        for other in others:
            other.close()


def live_token(app) -> str:
    response = app.test_client().post("/api/auth/login", json={"username": "olga", "password": PASSWORD})
    assert response.status_code == 200
    return response.get_json()["accessToken"]


def own_channel(app, token: str) -> dict:
    """A server of hers, and its first text channel (the header with the connection state)."""
    client, headers = app.test_client(), {"Authorization": f"Bearer {token}"}
    server = client.post("/api/servers", json={"name": "Вкладки"}, headers=headers).get_json()["server"]
    channels = client.get(f"/api/servers/{server['id']}/channels", headers=headers).get_json()["channels"]
    return {**next(c for c in channels if c["type"] == "TEXT"), "serverId": server["id"]}
