"""Voice in real browsers (issue 16): Chromium on fake devices (a tone for the microphone, a test
pattern for the camera). Two people join a server's voice channel, the peer connection connects
and audio bytes arrive on both sides; cards, the muted mark, a camera tile and a screen-share tile
with decoded frames; leaving removes the card; someone no longer a member is refused. Then a call
in a DM: the other person is rung, accepts, and audio flows. And the shell's voice controls while
connected: Ctrl+M / Ctrl+D, the palette's microphone and sound commands and the game centre's
switches act on the one voice state, which the voice bar, the game centre and the server all show.

Media stays on loopback: the server runs with ICE_LOOPBACK_ONLY=1, so the client drops every ICE
candidate that is not 127.0.0.1 or ::1 (sent and received), and the browsers are started with
--allow-loopback-in-peer-connection so that they gather loopback candidates at all. The tests
check that the pair in use sends to a loopback address; its source may be the machine's own
interface address (Chromium's sockets are bound per interface), which Linux delivers over lo."""
import contextlib
import time

import pytest
from redis.exceptions import RedisError
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import delete, select

from lobby.accounts.models import User
from lobby.extensions import db, limiter
from lobby.friends import actions as friends
from lobby.friends.models import FriendRequest
from lobby.jobs.queue import wait_for_local_jobs
from lobby.servers import actions as servers
from lobby.servers.models import Channel, Membership
from lobby.servers.validation import check_new_server
from tests.browser.conftest import FLAGS, fresh_profile
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text
from tests.browser.test_palette import command
from tests.browser.test_servers import make_person, sign_in

pytestmark = pytest.mark.browser

LOOPBACK = ("127.0.0.1", "::1")
MEDIA_FLAGS = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
               "--allow-loopback-in-peer-connection", "--autoplay-policy=no-user-gesture-required"]


# A browser whose person says no to the microphone: a device exists, the prompt is refused.
NO_MICROPHONE_FLAGS = ["--use-fake-device-for-media-stream", "--deny-permission-prompts"]


def voice_browser(microphone: bool = True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS + (MEDIA_FLAGS if microphone else NO_MICROPHONE_FLAGS):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={fresh_profile()}")
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.fixture
def app(make_app, _migrated):
    """The suite's app, with the test-only switch that keeps WebRTC media on loopback."""
    app = make_app(ICE_LOOPBACK_ONLY="1")
    yield app
    wait_for_local_jobs(app)
    with app.app_context():
        with contextlib.suppress(RedisError):
            limiter.reset()
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(delete(table))
        db.session.commit()


@pytest.fixture
def browsers():
    started = []

    def start(microphone: bool = True):
        started.append(voice_browser(microphone))
        return started[-1]

    yield start
    for driver in started:
        driver.quit()


def user(username: str) -> User:
    return db.session.scalar(select(User).where(User.username == username))


def voice_server(app, owner: str, *members: str) -> tuple[int, int]:
    """A gaming server (its template has the voice channel 'голосовой') → (server id, channel id)."""
    with app.app_context():
        server = servers.do_create_server(user(owner), check_new_server({"name": "Рейд", "template": "gaming"}))
        for name in members:
            servers.do_join(server, user(name))
        channel = db.session.scalar(select(Channel).where(Channel.server_id == server.id, Channel.type == "VOICE"))
        return server.id, channel.id


# Every peer connection of the page (window.__lobbyVoice exists only with loopbackOnly): its state,
# inbound audio bytes, frames decoded per video transceiver, and the addresses of the pair in use.
PEER_STATS = """
const done = arguments[arguments.length - 1];
const peers = window.__lobbyVoice && window.__lobbyVoice.peers;
if (!peers) return done(null);
Promise.all([...peers].map(async ([userId, peer]) => {
  const stats = await peer.pc.getStats();
  const found = { userId, state: peer.pc.connectionState, audio: 0, video: {}, addresses: [] };
  const byId = new Map();
  stats.forEach((report) => byId.set(report.id, report));
  stats.forEach((report) => {
    if (report.type === 'inbound-rtp' && report.kind === 'audio') found.audio += report.bytesReceived || 0;
    if (report.type === 'inbound-rtp' && report.kind === 'video') found.video[report.mid] = report.framesDecoded || 0;
    if (report.type === 'transport' && report.selectedCandidatePairId) {
      const pair = byId.get(report.selectedCandidatePairId);
      for (const id of [pair.localCandidateId, pair.remoteCandidateId]) {
        const candidate = byId.get(id);
        found.addresses.push(candidate && (candidate.address || candidate.ip || candidate.candidateType));
      }
    }
  });
  return found;
})).then(done, () => done(null));
"""


def peer_stats(driver) -> list[dict]:
    return driver.execute_async_script(PEER_STATS) or []


def wait_connected(driver, timeout: float = 30) -> dict:
    WebDriverWait(driver, timeout, poll_frequency=0.5).until(
        lambda d: any(p["state"] == "connected" for p in peer_stats(d)), message="no peer connection reached 'connected'")
    return next(p for p in peer_stats(driver) if p["state"] == "connected")


def wait_growing(driver, read, what: str, timeout: float = 20) -> None:
    """`read(stats)` of the first connected peer grows over a second or so."""
    first = read(wait_connected(driver))
    def grew(d):
        now = [read(p) for p in peer_stats(d) if p["state"] == "connected"]
        return now and now[0] > first
    WebDriverWait(driver, timeout, poll_frequency=1).until(grew, message=f"{what} did not grow")


def audio_flows(driver) -> None:
    wait_growing(driver, lambda p: p["audio"], "inbound audio bytes")
    # The pair in use sends to a loopback address. Linux also delivers a packet from the machine's
    # own interface address to 127.0.0.1 over lo, so the far end may show up as peer-reflexive
    # (an address Chromium hides); nothing ever goes to an address off this machine.
    local, remote = wait_connected(driver)["addresses"]
    assert local in LOOPBACK or remote in LOOPBACK, (local, remote)
    assert remote in LOOPBACK or remote == "prflx", (local, remote)


def open_voice(driver, live, server_id: int, channel_id: int) -> None:
    driver.get(f"{live.url}/app/servers/{server_id}/channels/{channel_id}")
    wait_for_island(driver, "voice-panel", timeout=15)
    wait_for_text(driver, "Подключитесь к голосовому каналу для общения с участниками")


def connect(driver) -> None:
    button = wait_for(driver, ".voice-connect__button")
    assert button.text == "Подключиться к голосовому каналу"
    button.click()
    wait_for(driver, ".voice-view__status", timeout=15)
    assert "подключен" in driver.find_element(By.CSS_SELECTOR, ".voice-view__status").text


def card(driver, username: str, timeout: float = 15):
    """A seat's card, found by its person's username (it shows their display name)."""
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: next(iter(d.find_elements(By.CSS_SELECTOR, f".voice-card[data-username='{username}']")), None),
        message=f"no card for {username}")


def no_card(driver, username: str, timeout: float = 15) -> None:
    WebDriverWait(driver, timeout).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, f".voice-card[data-username='{username}']"),
        message=f"the card for {username} stayed")


def video_frames_grow(driver, kind: str) -> None:
    """A tile of `kind` ('camera' or 'screen') is shown and its transceiver decodes more frames."""
    wait_for(driver, f".voice-tile--{kind} video", timeout=20)
    mid = {"camera": "1", "screen": "2"}[kind]  # the fixed transceiver order: audio, camera, screen
    WebDriverWait(driver, 20, poll_frequency=1).until(
        lambda d: any(p["video"].get(mid, 0) > 0 for p in peer_stats(d)), message=f"no {kind} frames decoded")
    wait_growing(driver, lambda p: p["video"].get(mid, 0), f"{kind} frames decoded")


@pytest.mark.stack
def test_two_people_talk_see_each_other_and_share_a_screen(app, live, browsers):
    for username, name in (("olga", "Ольга"), ("pavel", "Павел"), ("ivan", "Иван")):
        make_person(app, username, name)
    server_id, channel_id = voice_server(app, "olga", "pavel", "ivan")
    olga, pavel = browsers(), browsers()
    sign_in(olga, live, "olga")
    sign_in(pavel, live, "pavel")

    # Olga connects first: the spec's texts, then her own card.
    open_voice(olga, live, server_id, channel_id)
    connect(olga)
    mine = card(olga, "olga").text
    assert "Это вы" in mine and "Ольга Тестова" in mine  # the display name, as everywhere
    open_voice(pavel, live, server_id, channel_id)
    # Pavel's sidebar already lists Olga under the voice channel, before he connects.
    WebDriverWait(pavel, 10).until(lambda d: "Ольга Тестова" in d.find_element(By.CSS_SELECTOR, "[data-voice-roster]").text)
    connect(pavel)

    # Each sees the other's card; the peer connection connects over loopback and audio flows both ways.
    card(olga, "pavel")
    card(pavel, "olga")
    audio_flows(olga)
    audio_flows(pavel)
    assert olga.find_element(By.CSS_SELECTOR, "#topbar-voice [data-voice='mute']").is_displayed()  # top bar switches

    # Olga mutes: Pavel sees the muted mark on her card and in his sidebar.
    olga.find_element(By.CSS_SELECTOR, ".voice-controls [data-voice='mute']").click()
    WebDriverWait(pavel, 10).until(lambda d: card(d, "olga").find_elements(By.CSS_SELECTOR, ".voice-mark--muted"))
    WebDriverWait(pavel, 10).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, "[data-voice-roster] [data-user-id] .voice-mark--muted"))

    # Olga turns her camera on: Pavel gets a video tile whose frames are decoded.
    olga.find_element(By.CSS_SELECTOR, "[data-voice='camera']").click()
    video_frames_grow(pavel, "camera")

    # Olga shares her screen (headless Chromium with the fake-UI flag captures one without a
    # picker): Pavel gets the screen tile, with its fullscreen button.
    olga.find_element(By.CSS_SELECTOR, "[data-voice='screen']").click()
    video_frames_grow(pavel, "screen")
    assert pavel.find_element(By.CSS_SELECTOR, ".voice-tile--screen .voice-tile__full").is_displayed()
    wait_for(olga, ".voice-tile--camera video")
    time.sleep(1)  # let the pictures settle for the screenshot
    olga.save_screenshot("/work/notes/voice-connected.png")

    # Olga leaves: her card disappears from Pavel's view and his sidebar.
    olga.find_element(By.CSS_SELECTOR, ".voice-controls [data-voice='leave']").click()
    no_card(pavel, "olga")
    WebDriverWait(pavel, 10).until(lambda d: "Ольга Тестова" not in d.find_element(By.CSS_SELECTOR, "[data-voice-roster]").text)
    wait_for_text(olga, "Подключиться к голосовому каналу")

    # Ivan's page was open when he stopped being a member: the server refuses his seat, and he is
    # told why.
    ivan = browsers()
    sign_in(ivan, live, "ivan")
    open_voice(ivan, live, server_id, channel_id)
    with app.app_context():
        db.session.execute(delete(Membership).where(Membership.server_id == server_id,
                                                    Membership.user_id == user("ivan").id))
        db.session.commit()
    ivan.find_element(By.CSS_SELECTOR, ".voice-connect__button").click()
    refusal = wait_for(ivan, ".voice-connect__error", timeout=15).text
    assert refusal.startswith("Не удалось подключиться к голосовому каналу")
    assert not ivan.find_elements(By.CSS_SELECTOR, ".voice-card")


def befriend(app, a: str, b: str) -> None:
    with app.app_context():
        _, made = friends.do_send_request(user(a), b, None)
        friends.do_accept(user(b), db.session.get(FriendRequest, made["id"]))


def wait_for_toast(driver, text: str):
    return WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: next(
        (t for t in d.find_elements(By.CSS_SELECTOR, "[data-sonner-toast]") if text in t.text), None),
        message=f"no toast {text!r}")


def test_a_call_in_direct_messages(app, live, browsers):
    app.config["VOICE_CALL_COOLDOWN"] = 0  # she calls back at once; the cooldown is tests/voice/test_ringing.py's
    make_person(app, "olga", "Ольга")
    make_person(app, "pavel", "Павел")
    befriend(app, "olga", "pavel")
    with app.app_context():
        pavel_id = user("pavel").id
    olga, pavel = browsers(), browsers()
    sign_in(olga, live, "olga")
    sign_in(pavel, live, "pavel")  # on the home page: the call finds him anywhere in the app
    wait_for_island(pavel, "voice-panel", timeout=15)

    olga.get(f"{live.url}/app/friends?dm={pavel_id}")
    wait_for_island(olga, "voice-panel", timeout=15)
    call = wait_for(olga, ".chat-header [data-voice='call']", timeout=15)

    # The first call is declined: Olga is told, and her call ends by itself.
    call.click()
    wait_for(pavel, ".incoming-call", timeout=15)
    assert "Ольга Тестова" in pavel.find_element(By.CSS_SELECTOR, ".incoming-call").text  # her shown name
    pavel.find_element(By.CSS_SELECTOR, "[data-voice='decline']").click()
    wait_for_toast(olga, "отклоняет звонок")
    WebDriverWait(olga, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".voice-bar"))

    # The second is accepted: both are in the call and the sound flows, on loopback.
    again = wait_for(olga, ".chat-header [data-voice='call']")
    olga.execute_script("arguments[0].click()", again)  # the toasts of the first call may still cover it
    wait_for(pavel, ".incoming-call", timeout=15)
    pavel.find_element(By.CSS_SELECTOR, "[data-voice='accept']").click()
    card(pavel, "olga")
    card(olga, "pavel")
    audio_flows(olga)
    audio_flows(pavel)


def test_a_refused_microphone_is_explained_and_takes_no_seat(app, live, browsers):
    make_person(app, "vera", "Вера")
    make_person(app, "gleb", "Глеб")
    server_id, channel_id = voice_server(app, "gleb", "vera")
    vera = browsers(microphone=False)
    sign_in(vera, live, "vera")
    open_voice(vera, live, server_id, channel_id)
    vera.find_element(By.CSS_SELECTOR, ".voice-connect__button").click()
    refusal = wait_for(vera, ".voice-connect__error", timeout=15).text
    assert refusal.startswith("Не удалось подключиться к голосовому каналу")
    assert "микрофон" in refusal
    # Still the connect button, and nobody sits in the channel for the others to see.
    assert vera.find_element(By.CSS_SELECTOR, ".voice-connect__button").text == "Подключиться к голосовому каналу"
    assert app.extensions["lobby.voice"].store.rooms([channel_id]) == {}


def ctrl(driver, key: str) -> None:
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()


def pressed(driver, where: str, switch: str) -> bool:
    """aria-pressed of the microphone ('mute') or sound ('deafen') switch of the voice bar ('bar') or
    the game centre ('game'), opening the game centre if a dialog closed it."""
    if where == "game" and not driver.find_elements(By.CSS_SELECTOR, "#game-centre-panel"):
        driver.find_element(By.CSS_SELECTOR, ".game-centre__button").click()
    css = {"bar": ".voice-bar", "game": "#game-centre-panel .game-centre__switches"}[where]
    return wait_for(driver, f"{css} [data-voice='{switch}']").get_attribute("aria-pressed") == "true"


def click_when_uncovered(driver, css: str) -> None:
    """Click once nothing lies over the element: the switches' own toasts (top right, as the spec
    puts them) spread over the game centre while the pointer rests on them, and go within 5 s."""
    uncovered = ("const e = document.querySelector(arguments[0]); const r = e.getBoundingClientRect();"
                 "return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(uncovered, css), message=f"{css} stayed covered")
    driver.find_element(By.CSS_SELECTOR, css).click()


def shows(driver, muted: bool, deafened: bool) -> None:
    """The voice bar and the game centre agree on the microphone and the sound."""
    want = {"mute": muted, "deafen": deafened}
    WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: all(pressed(d, where, switch) == on for where in ("bar", "game") for switch, on in want.items()),
        message=f"the switches never showed muted={muted}, deafened={deafened}")


def seat_of(app, channel_id: int) -> dict:
    """The server's voice state of the one person seated in the channel (what the others are sent)."""
    (state,) = app.extensions["lobby.voice"].store.rooms([channel_id])[channel_id]
    return state


def seat_shows(app, channel_id: int, muted: bool, deafened: bool) -> None:
    deadline = time.monotonic() + 10
    while (state := seat_of(app, channel_id)).get("muted") != muted or state.get("deafened") != deafened:
        assert time.monotonic() < deadline, f"the server's seat stayed {state}"
        time.sleep(0.1)


def test_keys_palette_and_game_centre_switch_the_microphone_and_sound_in_voice(app, live, browsers):
    make_person(app, "olga", "Ольга")
    server_id, channel_id = voice_server(app, "olga")
    olga = browsers()
    sign_in(olga, live, "olga")
    open_voice(olga, live, server_id, channel_id)
    connect(olga)

    # The game centre tells where she sits, its switches now enabled; nothing is off yet.
    olga.find_element(By.CSS_SELECTOR, ".game-centre__button").click()
    state = wait_for(olga, "#game-centre-panel [data-voice-state='connected']")
    assert state.text == "Подключен: голосовой"
    panel = olga.find_element(By.CSS_SELECTOR, "#game-centre-panel")
    assert all(switch.is_enabled() for switch in panel.find_elements(By.CSS_SELECTOR, ".game-centre__switch"))
    assert "Переключатели работают" not in panel.text
    shows(olga, muted=False, deafened=False)

    # Ctrl+M: the microphone is off everywhere, the server's seat too (what the others see); again: on.
    ctrl(olga, "m")
    shows(olga, muted=True, deafened=False)
    seat_shows(app, channel_id, muted=True, deafened=False)
    ctrl(olga, "m")
    shows(olga, muted=False, deafened=False)
    seat_shows(app, channel_id, muted=False, deafened=False)

    # The palette's sound command: the sound off, and the microphone with it (the spec's rule).
    command(olga, "Переключить звук")
    shows(olga, muted=True, deafened=True)
    seat_shows(app, channel_id, muted=True, deafened=True)
    # Ctrl+D brings the sound back, and the microphone as it was before.
    ctrl(olga, "d")
    shows(olga, muted=False, deafened=False)
    seat_shows(app, channel_id, muted=False, deafened=False)

    # The palette's microphone command, then the game centre's own sound switch.
    command(olga, "Переключить микрофон")
    shows(olga, muted=True, deafened=False)
    pressed(olga, "game", "deafen")  # the dropdown open
    click_when_uncovered(olga, "#game-centre-panel [data-voice='deafen']")
    shows(olga, muted=True, deafened=True)
    click_when_uncovered(olga, "#game-centre-panel [data-voice='deafen']")
    shows(olga, muted=True, deafened=False)  # muted before the sound went off: still muted
    seat_shows(app, channel_id, muted=True, deafened=False)
