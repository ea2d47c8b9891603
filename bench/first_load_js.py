"""How much JavaScript must a channel page run before its chat is interactive? Headless Chromium,
cold cache, gzip only (the target is stated in gzipped bytes): every script the page fetched
before the last island (`app-shell`, mounted after all the others) was marked mounted, from the
page's Resource Timing (encodedBodySize: the gzipped body). Then what the first use of the
command palette and of a dialog adds. Embedded mode on a loopback server.

    .venv/bin/python bench/first_load_js.py          (after `make build`)
"""
import sys
import tempfile
import time

sys.path.insert(0, ".")
from flask_migrate import upgrade  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from sqlalchemy import select  # noqa: E402

from lobby import create_app  # noqa: E402
from lobby.accounts.actions import find_user  # noqa: E402
from lobby.extensions import db  # noqa: E402
from lobby.messages.sending import do_send_message  # noqa: E402
from lobby.servers import actions as servers  # noqa: E402
from lobby.servers.models import Channel  # noqa: E402
from lobby.servers.validation import check_new_server  # noqa: E402
from tests.browser.conftest import start_browser  # noqa: E402
from tests.browser.helpers import wait_for, wait_for_island  # noqa: E402
from tests.browser.test_servers import make_person, sign_in  # noqa: E402
from tests.support import LiveServer  # noqa: E402

TARGET_KB = 120

# Installed before the page's own scripts: the moment the last island is marked mounted.
MOUNT_CLOCK = """
new MutationObserver((changes, observer) => {
  if (document.querySelector('[data-island="app-shell"][data-mounted]')) {
    window.interactiveAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-mounted'] });
"""
SCRIPTS = """
return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'))
  .map((e) => ({name: e.name.split('/').pop(), at: e.startTime, gz: e.encodedBodySize, raw: e.decodedBodySize}));
"""


def channel_path(app) -> str:
    with app.app_context():
        olga = find_user("olga")
        server = servers.do_create_server(olga, check_new_server({"name": "Гильдия", "template": "gaming"}))
        channel = db.session.scalar(select(Channel).where(Channel.server_id == server.id, Channel.type == "TEXT"))
        for n in range(50):
            do_send_message(olga, channel.id, f"Сообщение {n}: сбор в 21:00")
        return f"/app/servers/{server.id}/channels/{channel.id}"


def kb(entries) -> str:
    return f"{sum(e['gz'] for e in entries) / 1024:.1f} KB gzipped ({sum(e['raw'] for e in entries) / 1024:.0f} KB unpacked)"


def main() -> None:
    folder = tempfile.mkdtemp(prefix="lobby-bench-")
    app = create_app(env={"INSTANCE_PATH": folder, "SECRET_KEY": "bench", "LOG_LEVEL": "WARNING"})
    with app.app_context():
        upgrade()
    make_person(app, "olga", "Ольга")
    path = channel_path(app)
    driver = start_browser()
    try:
        with LiveServer(app) as live:
            sign_in(driver, live, "olga")
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Encoding": "gzip"}})
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MOUNT_CLOCK})
            driver.get(live.url + path)
            wait_for_island(driver, "app-shell")
            time.sleep(2)  # anything fetched after mounting shows as "after"
            interactive = driver.execute_script("return window.interactiveAt")
            scripts = driver.execute_script(SCRIPTS)
            before = [e for e in scripts if e["at"] <= interactive]
            print(f"channel page with 50 messages, cold cache, gzip:")
            print(f"  before the chat is interactive: {len(before)} scripts, {kb(before)}; target ≤ {TARGET_KB} KB")
            for e in before: print(f"    {e['name']:40} {e['gz'] / 1024:6.1f} KB")
            print(f"  fetched after it: {kb([e for e in scripts if e['at'] > interactive]) if len(scripts) > len(before) else 'nothing'}")
            ActionChains(driver).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
            wait_for(driver, "dialog[open] .palette__input").send_keys(Keys.ESCAPE)
            palette = [e for e in driver.execute_script(SCRIPTS) if e not in scripts]
            print(f"  the palette's first opening adds: {kb(palette)}")
            seen = driver.execute_script(SCRIPTS)
            driver.find_element("css selector", ".app-topbar__search").click()
            wait_for(driver, "dialog[open]")
            later = [e for e in driver.execute_script(SCRIPTS) if e not in seen]
            print(f"  the first dialog (search) adds: {kb(later)}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
