"""Every page works under the Content-Security-Policy with nothing refused: the landing and auth
pages, and signed in the app, a server, and a channel with a message, a picture sent to it (an
image from this origin) and one about to be sent (a blob: preview); the live socket connects
(connect-src 'self' covers ws: on the same host). And a policy that refused nothing because there
was none would not pass: an inline script and an inline style are refused and reported."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.messages.sending import do_send_message
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text
from tests.browser.test_attachments import make_server, open_general
from tests.browser.test_servers import make_person, sign_in
from tests.servers.conftest import picture

pytestmark = pytest.mark.browser

ANONYMOUS_PAGES = {"/": "toaster", "/auth/login": "login-form", "/auth/register": "register-form",
                   "/auth/forgot-password": "toaster"}


def console_problems(driver) -> list[str]:
    """Console errors since the last call (reading the log empties it), CSP reports among them."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" or "Content Security Policy" in entry["message"]]


def assert_under_the_policy(driver) -> None:
    """The page in the tab was served with the policy (so "nothing refused" means something)."""
    policy = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(location.href).then((r) => done(r.headers.get('Content-Security-Policy') || ''), () => done(''));")
    assert "script-src 'self';" in policy, policy


def image_loaded(driver, css: str) -> bool:
    return driver.execute_script(
        "const img = document.querySelector(arguments[0]); return !!img && img.complete && img.naturalWidth > 0;", css)


@pytest.mark.parametrize("path", ANONYMOUS_PAGES)
def test_public_pages_load_with_nothing_refused(live, browser, path):
    browser.get(live.url + path)
    wait_for_island(browser, ANONYMOUS_PAGES[path])
    wait_for_island(browser, "toaster")  # sonner inserts its stylesheet when it loads
    assert_under_the_policy(browser)
    assert console_problems(browser) == []


@pytest.mark.stack
def test_the_app_a_server_and_a_channel_load_with_nothing_refused(app, live, browser, tmp_path):
    make_person(app, "olga", "Ольга")
    server = make_server(app, "olga")
    shot = tmp_path / "скрин.png"
    shot.write_bytes(picture("PNG", (40, 30)))

    sign_in(browser, live, "olga")
    wait_for_text(browser, "Рейды")
    assert_under_the_policy(browser)
    assert console_problems(browser) == []

    browser.get(f"{live.url}/app/servers/{server}")
    wait_for_island(browser, "app-shell")
    wait_for_text(browser, "общий")
    assert console_problems(browser) == []

    with app.app_context():
        from lobby.servers.models import Channel
        from lobby.extensions import db

        general = db.session.query(Channel).filter_by(server_id=server, name="общий").one()
        do_send_message(find_user("olga"), general.id, "Всем привет!")
    open_general(app, live, browser, server)  # waits until the live socket is online
    wait_for_text(browser, "Всем привет!")
    assert console_problems(browser) == []

    # A picture about to be sent is previewed from a blob: URL; once sent it loads from this origin.
    browser.find_element(By.CSS_SELECTOR, "input.composer__file-input").send_keys(str(shot))
    WebDriverWait(browser, 10).until(lambda d: image_loaded(d, "img.pending-file__preview"))
    assert wait_for(browser, "img.pending-file__preview").get_attribute("src").startswith("blob:")
    wait_for(browser, "#composer").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: image_loaded(d, "li.message .attachment-image img"))
    assert console_problems(browser) == []


def test_an_inline_script_and_an_inline_style_are_refused_and_reported(live, browser):
    browser.get(live.url + "/")
    wait_for_island(browser, "toaster")
    assert console_problems(browser) == []

    browser.execute_script("""
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.head.appendChild(script);
        document.body.insertAdjacentHTML('beforeend', '<p id="painted" style="color: rgb(255, 0, 0)">x</p>');
    """)
    assert browser.execute_script("return window.injected === undefined")
    painted = browser.find_element(By.ID, "painted")
    assert painted.value_of_css_property("color") != "rgba(255, 0, 0, 1)"
    reports = console_problems(browser)
    assert any("Content Security Policy directive 'script-src" in report for report in reports), reports
    assert any("Content Security Policy directive 'style-src" in report for report in reports), reports
