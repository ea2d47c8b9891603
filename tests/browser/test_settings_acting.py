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



def computed(driver, css: str, prop: str) -> str:
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? getComputedStyle(e)[arguments[1]] : null;", css, prop)


def test_density_avatars_timestamps_contrast_and_the_colour_blind_palette_change_what_is_drawn(app, browser, live, guild):
    server_id, channels = guild
    for n in range(3):  # her own: no unread divider, whose spacing is its own
        say(app, "olga", channels["общий"], f"сообщение {n}")
    sign_in(browser, live, "olga")
    open_channel(browser, live, server_id, channels["общий"])
    head = "li.message:not(.message--grouped)"
    before = {
        "gap": computed(browser, head, "marginTop"),
        "muted": computed(browser, ".message__time", "color"),
        "online": computed(browser, ".app-user-menu .status-picker__dot--online", "backgroundColor"),
    }
    assert browser.find_element(By.CSS_SELECTOR, f"{head} .chat-avatar").is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, f"{head} .message__time").is_displayed()

    steps = [  # each made on another device; this tab redraws at once
        ({"appearance": {"messageDisplayDensity": "compact"}},
         lambda d: computed(d, head, "marginTop") not in (before["gap"], None)),
        ({"appearance": {"showAvatars": False}},
         lambda d: not d.find_element(By.CSS_SELECTOR, f"{head} .chat-avatar").is_displayed()),
        ({"accessibility": {"highContrast": True}},
         lambda d: computed(d, ".message__time", "color") != before["muted"]),
        ({"appearance": {"showTimestamps": False}},
         lambda d: not d.find_element(By.CSS_SELECTOR, f"{head} .message__time").is_displayed()),
        ({"accessibility": {"colorBlindFriendly": True}},
         lambda d: computed(d, ".app-user-menu .status-picker__dot--online", "backgroundColor") != before["online"]),
    ]
    for patch, drawn in steps:
        change(app, "olga", patch)
        WebDriverWait(browser, 10).until(drawn, message=f"no visible change for {patch}")
    assert computed(browser, head, "marginTop") == "4px"  # the design's compact spacing
    assert computed(browser, ".app-user-menu .status-picker__dot--online", "backgroundColor") == "rgb(86, 180, 233)"
