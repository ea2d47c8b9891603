"""Error toasts speak the interface's language and can be read in both themes (issue 29): the
HTTP wrapper's own failures (the spec keeps them in English) are shown in the page's language, and
a toast on the light theme is dark text on a light card, not the dark theme's pale text."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts.actions import find_user
from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for
from tests.browser.test_friends import wait_for_toast
from tests.browser.test_frame import guild  # noqa: F401 (a fixture)
from tests.browser.test_servers import sign_in

pytestmark = pytest.mark.browser

ONLINE = {"ru": "онлайн", "en": "online"}


def open_channel(driver, live, server_id: int, channel_id: int, online: str) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    WebDriverWait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, ".connection-state").text == online)

# The network is gone for these calls: fetch fails as browsers fail it (a TypeError).
CUT_OFF = """
const real = window.fetch;
window.fetch = (input, init) => (String(input).includes('/api/notifications/')
  ? Promise.reject(new TypeError('Failed to fetch')) : real(input, init));
"""

CONTRAST = """
const luminance = (css) => {
  const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const toast = document.querySelector('[data-sonner-toast][data-type=error]');
const background = getComputedStyle(toast).backgroundColor;
return [...toast.querySelectorAll('[data-title], [data-description]')].map((part) => {
  const [a, b] = [luminance(getComputedStyle(part).color), luminance(background)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
});
"""


def failed_change(driver) -> None:
    """A server's notification level chosen from the chat header's bell with the network cut off:
    a toast says what failed (its title) and why (its description, the wrapper's words)."""
    driver.execute_script(CUT_OFF)
    wait_for(driver, ".chat-header__server-bell").click()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "[role=menu] [data-item='level-all']")).click()


@pytest.mark.parametrize("language, theme, words", [
    ("en", "light", ("Could not change the server's notifications",
                     "The server is temporarily unavailable. Try again in a few minutes.")),
    ("ru", "dark", ("Не удалось изменить уведомления сервера",
                    "Сервер временно недоступен. Попробуйте снова через несколько минут.")),
])
def test_an_error_toast_speaks_the_page_language_and_reads_in_its_theme(app, browser, live, guild, language, theme,
                                                                       words):
    server_id, general_id = guild
    with app.app_context():
        do_update_settings(find_user("vera"), {"general": {"language": language}, "appearance": {"theme": theme}})
    sign_in(browser, live, "vera")
    open_channel(browser, live, server_id, general_id, online=ONLINE[language])
    failed_change(browser)
    toast = wait_for_toast(browser, *words)
    assert "Backend service" not in toast.text
    ratios = browser.execute_script(CONTRAST)
    assert ratios and min(ratios) >= 4.5, ratios  # WCAG AA for body text
