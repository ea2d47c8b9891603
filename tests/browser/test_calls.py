"""Calls that behave like calls (issue 29), two people in two Chromiums on fake devices: the caller
sees 'Звоним…' with a cancel button; a declined or unanswered call ends for the caller with a
line saying so; once answered, either hanging up ends it for both; every call leaves a line in the
DM, and a missed call is a notification. The microphone and sound are the person's own choice
(made before the call, kept by it), the microphone's gain acts on what is sent, and the friend
row's call button rings the friend. Media stays on loopback (see test_voice.py)."""
import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from lobby.settings.actions import do_update_settings
from tests.browser.helpers import wait_for, wait_for_island
from tests.browser.test_settings import serious_violations
from tests.browser.test_servers import make_person, sign_in
from tests.browser.test_voice import app, audio_flows, befriend, browsers, user, wait_for_toast  # noqa: F401

pytestmark = pytest.mark.browser


def two_friends(app, live, browsers, ring_seconds: float | None = None):
    """Olga and Pavel, friends, each signed in on the home page: (olga, pavel, pavel's id)."""
    if ring_seconds is not None:
        app.config["VOICE_RING_SECONDS"] = ring_seconds
    app.config["VOICE_CALL_COOLDOWN"] = 0  # she may call again at once; the cooldown is tests/voice's
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    befriend(app, "olga", "pavel")
    with app.app_context():  # both themes in every test: Olga's is dark, Pavel's light
        do_update_settings(user("pavel"), {"appearance": {"theme": "light"}})
    olga, pavel = browsers(), browsers()
    for driver, name in ((olga, "olga"), (pavel, "pavel")):
        sign_in(driver, live, name)
        wait_for_island(driver, "voice-panel", timeout=15)
    return olga, pavel, id_of(app, "pavel")


def id_of(app, username: str) -> int:
    with app.app_context():
        return user(username).id


def open_dm(driver, live, user_id: int) -> None:
    driver.get(f"{live.url}/app/friends?dm={user_id}")
    wait_for_island(driver, "voice-panel", timeout=15)


def call(driver) -> None:
    """Press the conversation's call button: the call shows 'Звоним…' with its cancel button."""
    button = wait_for(driver, ".chat-header [data-voice='call']", timeout=15)
    driver.execute_script("arguments[0].click()", button)  # a toast of an earlier call may cover it
    calling = wait_for(driver, "[data-voice-call='calling']", timeout=15)
    assert "Звоним…" in calling.text
    assert calling.find_element(By.CSS_SELECTOR, "[data-voice='cancel']").get_attribute("aria-label") == "Отменить звонок"


def call_over(driver) -> None:
    """Nothing of the call is left: no 'Звоним…', no room, no voice bar."""
    WebDriverWait(driver, 15).until(lambda d: not d.find_elements(
        By.CSS_SELECTOR, "[data-voice-call], .dm-call__room, .voice-bar"), message="the call is still shown")


def call_line(driver, words: str):
    """The conversation's line about a call, with these words."""
    return WebDriverWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: next((line for line in d.find_elements(By.CSS_SELECTOR, ".call-line") if words in line.text), None),
        message=f"no call line {words!r}")


def seated_card(driver, user_id: int):
    """The card of this person in the call's room."""
    return wait_for(driver, f".dm-call__room .voice-card[data-user-id='{user_id}']", timeout=15)


def badge(driver) -> str | None:
    return driver.execute_script("return document.querySelector('.notif-bell .notif-badge')?.textContent ?? null")


def test_a_declined_call_ends_for_the_caller_and_leaves_a_line(app, live, browsers):
    olga, pavel, pavel_id = two_friends(app, live, browsers)
    open_dm(olga, live, pavel_id)
    call(olga)
    prompt = wait_for(pavel, ".incoming-call", timeout=15)
    assert "Ольга Тестова" in prompt.text  # the caller by her shown name
    assert serious_violations(olga) == [], "calling"
    assert serious_violations(pavel) == [], "incoming call"
    pavel.find_element(By.CSS_SELECTOR, "[data-voice='decline']").click()

    # Olga's call ends by itself, and she is told who said no.
    call_over(olga)
    assert "отклоняет звонок" in wait_for_toast(olga, "отклоняет звонок").text
    # The conversation keeps the call: a line on both sides, live.
    assert "Ольга Тестова" in call_line(olga, "Отклонённый звонок").text  # the caller, by her shown name
    open_dm(pavel, live, id_of(app, "olga"))
    call_line(pavel, "Отклонённый звонок")
    assert serious_violations(olga) == [] and serious_violations(pavel) == [], "call lines"


def test_the_friend_row_rings_the_friend_and_an_unanswered_call_is_a_missed_call(app, live, browsers):
    olga, pavel, _ = two_friends(app, live, browsers, ring_seconds=4)
    olga.get(f"{live.url}/app/friends")
    # The row may be drawn again as the list refreshes: the button is found and pressed in one step.
    WebDriverWait(olga, 15).until(lambda d: d.execute_script(
        "const button = document.querySelector(\".friend-row[data-username='pavel'] [aria-label='Голосовой звонок']\");"
        "if (button) button.click(); return Boolean(button);"), message="no call button on Pavel's row")

    # The button opens the conversation and rings Pavel, wherever he is in the app.
    calling = wait_for(olga, "[data-voice-call='calling']", timeout=15)
    assert "Звоним…" in calling.text and "friends?dm=" in olga.current_url
    wait_for(pavel, ".incoming-call", timeout=15)

    # Nobody answers: after the ring (4 s here, 30 s by default) the call ends for Olga, with the reason.
    call_over(olga)
    wait_for_toast(olga, "не отвечает")
    WebDriverWait(pavel, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".incoming-call"),
                                   message="the ringing prompt stayed")
    # A missed call for Pavel: his bell, and the line in the conversation.
    WebDriverWait(pavel, 10).until(lambda d: badge(d) == "1", message="no notification of the missed call")
    pavel.find_element(By.CSS_SELECTOR, ".notif-bell").click()
    assert "Пропущенный звонок" in wait_for(pavel, ".notif-item.is-unread").text
    call_line(olga, "Пропущенный звонок")


def test_a_call_keeps_the_chosen_mute_sends_the_gained_microphone_and_ends_for_both(app, live, browsers):
    olga, pavel, pavel_id = two_friends(app, live, browsers)
    # Before calling, Olga turns her microphone off in the game centre: the call keeps her choice.
    olga.find_element(By.CSS_SELECTOR, ".game-centre__button").click()
    mute = wait_for(olga, "#game-centre-panel [data-voice='mute']")
    assert mute.is_enabled()
    mute.click()
    WebDriverWait(olga, 5).until(lambda d: d.find_element(
        By.CSS_SELECTOR, "#game-centre-panel [data-voice='mute']").get_attribute("aria-pressed") == "true")

    open_dm(olga, live, pavel_id)
    call(olga)
    assert wait_for(olga, "[data-voice-call='calling'] [data-voice='mute']").get_attribute("aria-pressed") == "true"
    wait_for(pavel, ".incoming-call", timeout=15)
    pavel.find_element(By.CSS_SELECTOR, "[data-voice='accept']").click()
    seated_card(olga, id_of(app, "pavel"))
    seated_card(pavel, id_of(app, "olga"))
    wait_for_toast(olga, "отвечает на звонок")
    audio_flows(pavel)
    assert olga.find_element(By.CSS_SELECTOR, ".voice-controls [data-voice='mute']").get_attribute("aria-pressed") == "true"
    seats = app.extensions["lobby.voice"].store.rooms([dm_channel(app)])[dm_channel(app)]
    assert [s["muted"] for s in seats if s["username"] == "olga"] == [True]  # what Pavel is told, too

    # The microphone's gain (0–200 %) acts on the track Pavel receives: the GainNode in its way.
    olga.find_element(By.CSS_SELECTOR, ".voice-controls [aria-label='Устройства']").click()
    slider = wait_for(olga, "[data-voice='gain']")
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("0", "2")
    olga.execute_script("""const input = arguments[0];
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '1.5');
        input.dispatchEvent(new Event('input', { bubbles: true }));""", slider)
    WebDriverWait(olga, 5).until(lambda d: d.execute_script("return window.__lobbyVoice.sentAudio()") == {
        "gain": 1.5, "gainedTrackSent": True}, message="the gain did not reach the sent track")
    assert "150%" in olga.find_element(By.CSS_SELECTOR, ".voice-devices__gain").text
    assert serious_violations(olga) == [], "a call with its devices"
    assert serious_violations(pavel) == [], "a call"

    # Pavel hangs up: the call ends for both, and the conversation says how long it was.
    pavel.find_element(By.CSS_SELECTOR, ".voice-controls [data-voice='leave']").click()
    call_over(pavel)
    call_over(olga)
    wait_for_toast(olga, "завершает звонок")
    assert "Звонок, " in call_line(olga, "Звонок, ").text
    call_line(pavel, "Звонок, ")
    assert not app.extensions["lobby.voice"].store.rooms([dm_channel(app)])  # nobody sits there


def dm_channel(app) -> int:
    from sqlalchemy import select

    from lobby.dms.models import DirectChat
    from lobby.extensions import db

    with app.app_context():
        return db.session.scalar(select(DirectChat.channel_id))
