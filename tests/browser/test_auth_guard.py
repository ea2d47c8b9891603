"""The /app guard (spec 000 "Protected pages"): while the page's first access token is on its way
(a slow silent refresh here) the page says 'Авторизация...' / 'Подождите немного...', and the card
goes once the token came; when the sign-in ends under an open page (signed out from another
device), the sidebar says 'Войдите для просмотра серверов' and the page says 'Перенаправление на
страницу входа...' before it goes to /auth?reason=session_expired, whose banner says why; when the
page's very first refresh is refused, it goes to /auth?reason=init_failed after 3 s (spec §4, §9)."""
import json
import time
from functools import wraps

import pytest
from selenium.webdriver.common.by import By
from sqlalchemy import select

from lobby.accounts import actions
from lobby.accounts.sign_ins import open_sign_ins
from lobby.extensions import db
from tests.browser.helpers import wait_for, wait_until_url
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_unread import guild, online, until  # noqa: F401 (guild: a fixture)

pytestmark = pytest.mark.browser

# What the guard and the sidebar said, kept in sessionStorage: it outlives the page's leaving, and
# no text shown for a moment can slip between two polls.
RECORD = """
const seen = new Set();
new MutationObserver(() => {
  for (const el of document.querySelectorAll('.auth-guard__card, .sidebar__signed-out')) seen.add(el.innerText);
  sessionStorage.setItem('seen', JSON.stringify([...seen]));
}).observe(document.body, {childList: true, subtree: true, characterData: true});
"""


def slow_refresh(app, seconds: float) -> None:
    """The token refresh answers `seconds` late (the live server serves from this process)."""
    endpoint = next(rule.endpoint for rule in app.url_map.iter_rules() if rule.rule == "/api/auth/refresh")
    view = app.view_functions[endpoint]

    @wraps(view)
    def slowed(*args, **kwargs):
        time.sleep(seconds)
        return view(*args, **kwargs)

    app.view_functions[endpoint] = slowed


def test_the_page_says_it_is_authorising_while_its_first_token_comes(app, live, browser, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    slow_refresh(app, 2.5)
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    card = wait_for(browser, ".auth-guard__card")
    assert card.text.splitlines() == ["Авторизация...", "Подождите немного..."]
    assert card.find_element(By.XPATH, "./..").get_attribute("role") == "status"
    # The server's page stays readable and usable under it: the card takes no clicks.
    assert browser.find_element(By.CSS_SELECTOR, ".auth-guard").value_of_css_property("pointer-events") == "none"
    until(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".auth-guard__card"), 10,
          message="the card stayed after the token came")
    online(browser)  # the token came: the chat's live socket is up


def test_a_sign_in_ended_under_the_page_says_so_and_leaves_for_the_sign_in_page(app, live, browser):
    make_person(app, "olga", "Ольга")
    sign_in(browser, live, "olga")  # at home: the server list
    online(browser)
    browser.execute_script(RECORD)
    with app.app_context():  # 'Выйти' for this session in the sessions list of another device
        olga = actions.find_user("olga")
        actions.do_sign_out(*db.session.scalars(select(open_sign_ins(olga.id).subquery().c.id)))
    wait_until_url(browser, "/auth?reason=session_expired")
    wait_for(browser, "#emailOrUsername")  # the sign-in page, not bounced back to /app
    assert "Сессия истекла. Войдите снова." in wait_for(browser, ".auth-card").text
    seen = json.loads(browser.execute_script("return sessionStorage.getItem('seen')") or "[]")
    assert "Войдите для просмотра серверов" in seen
    assert "Перенаправление на страницу входа..." in seen


def test_a_page_whose_first_refresh_is_refused_leaves_after_three_seconds(app, live, browser, guild):
    server_id, channels = guild
    sign_in(browser, live, "olga")
    # The page's own session stands, its refresh token does not (another tab's reuse revoked its chain).
    browser.get(f"{live.url}/api/auth/me")  # the refresh cookie's path: only there can it be seen and dropped
    browser.delete_cookie("lobby_refresh")
    assert browser.get_cookie("lobby_refresh") is None
    opened = time.monotonic()
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    card = wait_for(browser, ".auth-guard__card")
    assert card.text == "Перенаправление на страницу входа..."
    wait_until_url(browser, "/auth?reason=init_failed")
    assert time.monotonic() - opened >= 3
    # Not bounced back to /app, though the page's cookie still says who she is: she signs in again there.
    assert "Не удалось восстановить сессию. Войдите снова." in wait_for(browser, ".auth-card").text
    wait_for(browser, "#emailOrUsername")
