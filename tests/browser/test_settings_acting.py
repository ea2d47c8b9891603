"""Settings that change how the app behaves and looks, seen in a channel with messages: motion off
stops scripted smooth scrolling, and density, avatars, timestamps, high contrast and the colour-blind
palette visibly change what is drawn."""
from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_text
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import guild, say  # noqa: F401  (a fixture: a server with channels)

pytestmark = pytest.mark.browser

# Every scripted scroll's `behavior`, recorded before the page's own scripts run.
COUNT_SCROLLS = """
window.scrolls = [];
for (const name of ['scrollTo', 'scrollBy', 'scrollIntoView']) {
  const original = Element.prototype[name];
  Element.prototype[name] = function (...args) {
    if (args[0] && typeof args[0] === 'object') window.scrolls.push(args[0].behavior || 'auto');
    return original.apply(this, args);
  };
}
"""


def change(app, username: str, patch: dict) -> None:
    """A change on another device: the open tab hears `settings_changed`."""
    with app.app_context():
        do_update_settings(find_user(username), patch)


def open_channel(driver, live, server_id: int, channel_id: int) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for(driver, "#composer")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == "онлайн")


def html_classes(driver) -> str:
    return driver.find_element(By.TAG_NAME, "html").get_attribute("class") or ""


@pytest.mark.parametrize("setting", [{"appearance": {"animationsEnabled": False}},
                                     {"accessibility": {"reduceMotion": True}}])
def test_motion_off_in_the_settings_stops_smooth_scrolling_to_a_new_message(app, browser, live, guild, setting):
    server_id, channels = guild
    for n in range(3):
        say(app, "vera", channels["общий"], f"раньше {n}")
    change(app, "olga", setting)
    sign_in(browser, live, "olga")
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SCROLLS})
    open_channel(browser, live, server_id, channels["общий"])
    assert "reduce-motion" in html_classes(browser)  # rendered by the server

    say(app, "vera", channels["общий"], "без плавной прокрутки")
    wait_for_text(browser, "без плавной прокрутки")
    WebDriverWait(browser, 5).until(lambda d: d.execute_script("return window.scrolls.length") > 0)
    assert "smooth" not in browser.execute_script("return window.scrolls")

    change(app, "olga", {"appearance": {"animationsEnabled": True}, "accessibility": {"reduceMotion": False}})
    WebDriverWait(browser, 10).until(lambda d: "reduce-motion" not in html_classes(d))
    say(app, "vera", channels["общий"], "а теперь плавно")
    wait_for_text(browser, "а теперь плавно")
    WebDriverWait(browser, 5).until(lambda d: "smooth" in d.execute_script("return window.scrolls"))

