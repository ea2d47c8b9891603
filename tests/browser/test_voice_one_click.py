"""A voice channel in the sidebar joins in one click, as in Discord (issue 29): olga clicks
'голосовой' and is in voice at once, her seat shown to pavel's sidebar; pavel does the same and the
two talk. A voice channel opened any other way (its address) still shows the spec's view with its
connect button and takes no seat."""
import pytest
from selenium.webdriver.common.by import By

from tests.browser.helpers import wait_for, wait_for_island, wait_for_text
from tests.browser.test_rail import until
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_voice import app, audio_flows, browsers, user, voice_server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def voice_row(driver):
    return driver.find_element(By.XPATH, "//a[contains(@class,'channel-link')][.//span[normalize-space()='голосовой']]")


def seated_in_sidebar(driver, user_id: int) -> bool:
    return bool(driver.find_elements(By.CSS_SELECTOR, f".voice-roster__person[data-user-id='{user_id}']"))


def has_card(driver, user_id: int) -> bool:
    return bool(driver.find_elements(By.CSS_SELECTOR, f".voice-card[data-user-id='{user_id}']"))


def test_a_voice_channel_in_the_sidebar_joins_in_one_click(app, live, browsers):
    for username, name in (("olga", "Ольга"), ("pavel", "Павел")):
        make_person(app, username, name)
    server_id, channel_id = voice_server(app, "olga", "pavel")
    with app.app_context():
        olga_id, pavel_id = user("olga").id, user("pavel").id
    olga, pavel = browsers(), browsers()
    for driver, username in ((olga, "olga"), (pavel, "pavel")):
        sign_in(driver, live, username)
        driver.get(f"{live.url}/app/servers/{server_id}")
        wait_for_island(driver, "voice-panel", timeout=15)

    # Opened by its address: the spec's view, asking; nobody is seated.
    pavel.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for_text(pavel, "Подключитесь к голосовому каналу для общения с участниками")
    assert wait_for(pavel, ".voice-connect__button").text == "Подключиться к голосовому каналу"
    assert not pavel.find_elements(By.CSS_SELECTOR, ".voice-view__status")

    # One click in olga's sidebar: the channel opens, connected, no button pressed.
    until(olga, lambda d: voice_row(d).click() or True)
    status = wait_for(olga, ".voice-view__status", timeout=15)
    assert "подключен" in status.text
    until(pavel, lambda d: seated_in_sidebar(d, olga_id), timeout=15, message="olga's seat never showed in pavel's sidebar")
    assert not pavel.find_elements(By.CSS_SELECTOR, ".voice-view__status")  # pavel still only looks

    # pavel clicks it in his sidebar too: in voice with her, and the two hear each other.
    until(pavel, lambda d: voice_row(d).click() or True)
    wait_for(pavel, ".voice-view__status", timeout=15)
    until(olga, lambda d: has_card(d, pavel_id), timeout=15, message="no card for pavel")
    until(pavel, lambda d: has_card(d, olga_id), timeout=15, message="no card for olga")
    audio_flows(olga)
