"""Hostile input, seen by its victim: an attacker puts every string of `xss_payloads.PAYLOADS`
where Lobby shows other people's words (messages, file names, a custom status, a mention, a
friend request's note, a DM, server names and descriptions, report and moderation reasons), then
the victim opens every view that shows them (three channels, the members drawer, notifications,
friends, the DM list, search results, discover, the moderation log and reports).

In every view: no dialog opened and nothing assigned `window.pwned` (both hooked before the page's
own scripts), no CSP violation, no console error, and no element the input could have made: no
`on*` attribute, no javascript:/data: link, no script, frame, object, style or base element of
its own. The payloads are shown as the text they are."""
from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.extensions import limiter
from tests.browser.helpers import severe_console_errors, wait_for, wait_for_island
from tests.browser.helpers import wait_until_url
from tests.browser.test_servers import click_text
from tests.browser.xss_payloads import PAYLOADS
from tests.servers.conftest import people  # noqa: F401  (the API callers)

pytestmark = pytest.mark.browser

# Installed before any script of the page: every way a payload could announce itself is recorded.
TRAPS = """
window.__xss = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = (...args) => { window.__xss.push(name + '(' + args.join(',') + ')'); };
}
Object.defineProperty(window, 'pwned', { set() { window.__xss.push('pwned'); }, configurable: true });
document.addEventListener('securitypolicyviolation', (event) => {
  window.__xss.push('csp ' + event.violatedDirective + ' ' + event.blockedURI);
});
"""

# What the page's own markup may hold; anything else of these kinds came from someone's input.
FOREIGN_ELEMENTS = """
const found = [];
for (const element of document.querySelectorAll('body *')) {
  const tag = element.tagName.toLowerCase();
  if (['iframe', 'object', 'embed', 'frameset', 'frame', 'base', 'meta', 'link', 'style', 'template', 'marquee',
       'isindex', 'keygen', 'xmp', 'plaintext'].includes(tag)) found.push(tag);
  if (tag === 'script' && !(element.type === 'application/json' || (element.src && new URL(element.src).origin === location.origin)))
    found.push('script ' + element.outerHTML.slice(0, 80));
  for (const attribute of element.attributes) {
    if (/^on/i.test(attribute.name)) found.push(tag + ' ' + attribute.name);
    if (/^(href|src|action|formaction|xlink:href|srcdoc|data|poster|background)$/i.test(attribute.name)
        && /^\\s*(javascript|vbscript|data:text)/i.test(attribute.value)) found.push(tag + ' ' + attribute.name + '=' + attribute.value);
  }
}
return found;
"""


def sign_in(driver, live, username: str) -> None:
    """As `people` made them (their password is the servers tests' one)."""
    driver.get(live.url + "/auth")
    wait_for_island(driver, "login-form")
    wait_for(driver, "#emailOrUsername").send_keys(username)
    driver.find_element(By.ID, "password").send_keys("password-123", Keys.ENTER)
    wait_until_url(driver, "/app")
    wait_for_island(driver, "app-shell")


def assert_nothing_ran(driver, view: str) -> None:
    assert driver.execute_script("return window.__xss") == [], view
    assert driver.execute_script(FOREIGN_ELEMENTS) == [], view
    assert severe_console_errors(driver) == [], view


def seed(app, people) -> dict:
    """Everything an attacker (mallory, eve, a few passers-by) can put in front of olga. Throttles
    are lifted: a hundred messages in a second is more than anyone may send, and beside the point."""
    app.config["MESSAGE_SEND_LIMIT"] = 10_000
    app.config["RATELIMIT_ENABLED"] = False
    limiter.enabled = False
    olga, mallory, eve = people("olga"), people("mallory"), people("eve")
    server = olga.post("/api/servers", json={"name": "Таверна", "template": "gaming", "isPublic": True}).get_json()["server"]
    for name in ("mallory", "eve", "bob", "carl"):
        assert people(name).post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    base = f"/api/servers/{server['id']}"
    olga.post(f"{base}/channels", json={"name": "третий", "type": "TEXT"})
    channels = [c["id"] for c in olga.get(f"{base}/channels").get_json()["channels"] if c["type"] == "TEXT"]

    # Messages: a third of the corpus in each channel (under the 50 a channel first shows).
    refused = []
    for index, payload in enumerate(PAYLOADS):
        sent = mallory.post(f"/api/messages/{channels[index % 3]}/messages", json={"content": payload})
        if sent.status_code != 201:
            assert sent.status_code == 422 and sent.get_json()["code"] == "VALIDATION_ERROR", (payload, sent.get_json())
            refused.append(payload)
    assert refused == ["\u0000нуль"]  # a NUL is refused with a clear error; everything else is kept
    for payload in ("<img src=x onerror=alert(1)>.png", "\u202etxt.exe", "\"><svg onload=alert(2)>.txt"):
        uploaded = mallory.upload(f"/api/messages/{channels[0]}/messages", {"content": "файл", "files": (b"plain text", payload)})
        assert uploaded.status_code == 201, uploaded.get_json()
    mention = mallory.post(f"/api/messages/{channels[0]}/messages", json={"content": "@olga <img src=x onerror=alert(3)>"})
    reported = mallory.post(f"/api/messages/{mention.get_json()['message']['id']}/report",
                            json={"reason": "<script>alert(4)</script>"})  # his own? then someone else reports it
    if reported.status_code != 201:
        people("bob").post(f"/api/messages/{mention.get_json()['message']['id']}/report",
                           json={"reason": "<svg onload=alert(4)>"})
    olga.post(f"{base}/moderation/kick", json={"userId": people("carl").id, "reason": "<img src=x onerror=alert(5)>"})
    olga.post(f"{base}/moderation/ban", json={"userId": people("bob").id, "reason": "\"><script>alert(6)</script>"})

    # A friend request with a note, and a friend's DM.
    mallory.post("/api/friends/request", json={"username": "olga", "message": "<img src=x onerror=alert(7)>"})
    asked = eve.post("/api/friends/request", json={"username": "olga"}).get_json()["request"]
    olga.post(f"/api/friends/requests/{asked['id']}/accept")
    dm = eve.post("/api/dms", json={"userId": olga.id}).get_json()["channel"]["id"]
    eve.post(f"/api/messages/{dm}/messages", json={"content": "<svg/onload=alert(8)> [жми](javascript:alert(9))"})

    # Servers others find in discover, named and described by the attacker where the rules let them.
    for payload in PAYLOADS[:12]:
        mallory.post("/api/servers", json={"name": payload[:50] or "x", "description": payload, "template": "gaming",
                                           "isPublic": True})
    return {"server": server["id"], "channels": channels, "eve": eve.id}


@pytest.mark.stack
def test_a_hundred_payloads_run_nowhere(app, live, browser, people):
    try:
        world = seed(app, people)
    finally:
        limiter.enabled = True
    with app.app_context():  # a custom status is said over the live socket; the same action keeps it
        from lobby.accounts.actions import find_user
        from lobby.settings.actions import do_choose_status
        do_choose_status(find_user("mallory"), "online", "<img src=x onerror=alert(10)>")

    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAPS})
    sign_in(browser, live, "olga")
    assert_nothing_ran(browser, "home")

    shown = []
    for channel in world["channels"]:
        browser.get(f"{live.url}/app/servers/{world['server']}/channels/{channel}")
        wait_for_island(browser, "app-shell")
        wait_for(browser, "#members-drawer .member-row")
        WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".message")) >= 20)
        shown.append(browser.find_element(By.CSS_SELECTOR, ".app").text)
        assert_nothing_ran(browser, f"channel {channel}")
    everything = "\n".join(shown)
    for payload in ("<script>alert(1)</script>", "<img src=x onerror=alert(4)>", "[нажми](javascript:alert(59))",
                    "{{7*7}}", "<svg onload=alert(47)>"):
        assert payload in everything  # shown as the text it is
    assert "<img src=x onerror=alert(1)>.png" in everything

    browser.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    wait_for(browser, ".notif-item")
    assert_nothing_ran(browser, "notifications")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()

    click_text(browser, "Модерация", "a")
    for tab in ("Журнал", "Жалобы", "Участники"):
        click_text(browser, tab, "button")
        wait_for(browser, "[role=tabpanel]")
        assert_nothing_ran(browser, f"moderation {tab}")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))

    browser.find_element(By.CSS_SELECTOR, ".app-topbar__search").click()
    box = wait_for(browser, ".search input[role=combobox]")
    box.send_keys("alert")
    WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".search [role=option]")) >= 5)
    assert_nothing_ran(browser, "search")
    box.send_keys(Keys.ESCAPE)

    for path, ready in ((f"/app/friends?dm={world['eve']}", ".message"), ("/app/friends", ".friends"), ("/app", ".dm-row"),
                        ("/app/discover", ".discover-card")):
        browser.get(live.url + path)
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ready), message=f"{path}: no {ready}")
        assert_nothing_ran(browser, path)
