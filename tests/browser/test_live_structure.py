"""A server's structure reaches its members live (issue 18): the owner creates a channel, moves it
and renames it from the sidebar, and the member's open sidebar (and channel header) follows without
a reload; the owner deletes the channel the member has open, and the member lands on the server's
first channel, told why. The owner renames the server and gives it an icon: the member's server list,
and later the sidebar's header and the top bar, follow without a reload — also when the change
comes while an older read of the same data is on its way. The icon is changed in the settings
dialog too: refused files are told beside the field, a picture is previewed, saved and followed."""
import time

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from lobby.accounts.actions import find_user
from lobby.extensions import db
from lobby.servers import actions as servers
from lobby.servers import structure_notify
from lobby.servers.models import Server
from tests.browser.conftest import start_browser
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_servers import sign_in
from tests.browser.test_unread import channel_link, guild, online, until  # noqa: F401 (guild: a fixture)

pytestmark = pytest.mark.browser


@pytest.fixture
def member_browser():
    driver = start_browser()
    yield driver
    driver.quit()


def text_channels(driver) -> list[str]:
    return [link.text for link in driver.find_elements(
        By.CSS_SELECTOR, "#channels-text ~ ul .channel-link, section[aria-labelledby='channels-text'] .channel-link")]


def shows_channels(driver, names: list[str]):
    until(driver, lambda d: text_channels(d) == names, message=f"the text channels never read {names}")


def open_menu(driver, name: str) -> None:
    """Point at the channel's row (the menu's button shows on hover) and open its menu."""
    row = channel_link(driver, name).find_element(By.XPATH, "./ancestor::li[1]")
    ActionChains(driver).move_to_element(row).perform()
    button = row.find_element(By.CSS_SELECTOR, "button.channel-entry__menu")
    until(driver, lambda d: button.value_of_css_property("opacity") == "1")
    button.click()
    wait_for(driver, "[role=menu]")


def choose(driver, item: str) -> None:
    driver.find_element(By.XPATH, f"//*[@role='menu']//button[normalize-space()='{item}']").click()


def test_the_members_sidebar_follows_the_owners_changes(app, live, browser, member_browser, guild):
    server_id, channels = guild  # vera owns it: 'общий', 'игра' (text), 'голосовой'; olga is a member
    owner, member = browser, member_browser
    sign_in(owner, live, "vera")
    sign_in(member, live, "olga")
    member.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    online(member)
    owner.get(f"{live.url}/app/servers/{server_id}")
    wait_for_island(owner, "app-shell")  # the page's islands are all up: its buttons answer
    shows_channels(owner, ["общий", "игра"])

    # The owner creates a channel: it appears in the member's open sidebar.
    owner.find_element(By.CSS_SELECTOR, "button[aria-label='Создать текстовый канал']").click()
    wait_for(owner, "#channel-name").send_keys("стратегии")
    owner.find_element(By.CSS_SELECTOR, "#channel-name").send_keys(Keys.ENTER)
    shows_channels(owner, ["общий", "игра", "стратегии"])
    shows_channels(member, ["общий", "игра", "стратегии"])

    # Moved up one place with the row's menu, by keyboard this time: the member sees the new order.
    open_menu(owner, "стратегии")  # 'Копировать ссылку' first, then 'Переименовать'
    owner.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    owner.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert owner.switch_to.active_element.text == "Переместить выше"
    owner.switch_to.active_element.send_keys(Keys.ENTER)
    shows_channels(member, ["общий", "стратегии", "игра"])

    # The member opens it; the owner renames it: the sidebar and the member's header follow.
    channel_link(member, "стратегии").click()
    until(member, lambda d: d.find_element(By.ID, "channel-title").text == "стратегии")
    new_id = int(member.current_url.rstrip("/").rsplit("/", 1)[1])
    open_menu(owner, "стратегии")
    choose(owner, "Переименовать")
    name = wait_for(owner, "#rename-channel-name")
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("тактика", Keys.ENTER)
    shows_channels(member, ["общий", "тактика", "игра"])
    until(member, lambda d: d.find_element(By.ID, "channel-title").text == "тактика")
    assert member.current_url.endswith(f"/channels/{new_id}")

    # The owner deletes it (asked first): the member lands on the first channel, told why.
    open_menu(owner, "тактика")
    choose(owner, "Удалить канал")
    dialog = wait_for(owner, "dialog[role=alertdialog]")
    assert "все его сообщения будут удалены" in dialog.text
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Удалить канал']").click()
    wait_until_url(member, f"/app/servers/{server_id}/channels/{channels['общий']}")
    wait_for_text(member, "Канал удалён")
    shows_channels(member, ["общий", "игра"])
    shows_channels(owner, ["общий", "игра"])


# The owner's page sends a new icon (a PNG drawn on a canvas) the way a form would: a multipart
# PATCH of the server, with the token the page's session gives: quick, for the test that follows
# the icon into three places. The settings dialog's icon field has its own test below.
UPLOAD_ICON = """
const [serverId, colour, done] = arguments;
const canvas = Object.assign(document.createElement('canvas'), {width: 64, height: 64});
const pen = canvas.getContext('2d');
pen.fillStyle = colour;
pen.fillRect(0, 0, 64, 64);
canvas.toBlob(async (picture) => {
  const {accessToken} = await (await fetch('/api/auth/refresh', {method: 'POST'})).json();
  const form = new FormData();
  form.append('icon', picture, 'icon.png');
  const answer = await fetch(`/api/servers/${serverId}`,
    {method: 'PATCH', headers: {Authorization: `Bearer ${accessToken}`}, body: form});
  done((await answer.json()).server.iconUrl);
}, 'image/png');
"""


def rename_server(owner, live, server_id: int, name: str) -> None:
    owner.get(f"{live.url}/app/servers/{server_id}/settings")
    field = wait_for(owner, "dialog[open] #server-name")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(name)
    owner.find_element(By.XPATH, "//dialog[@open]//button[normalize-space()='Сохранить изменения']").click()
    wait_for_text(owner, "Настройки сервера сохранены")


def card_of(driver, server_id: int):
    return driver.find_element(By.CSS_SELECTOR, f"a.server-card[href$='/app/servers/{server_id}']")


def icon_src(element) -> str | None:
    found = element.find_elements(By.CSS_SELECTOR, "img.server-icon")
    return found[0].get_attribute("src") if found else None


def owner_and_member_at_home(live, owner, member, server_id) -> None:
    """The owner signed in; the member at home, on the server list, which shows the letter tile."""
    sign_in(owner, live, "vera")
    sign_in(member, live, "olga")
    online(member)
    member.execute_script("window.samePage = true")  # a reload would clear it
    until(member, lambda d: "Гильдия" in card_of(d, server_id).text)
    assert icon_src(card_of(member, server_id)) is None


def test_the_members_server_list_and_header_follow_a_new_name_and_icon(app, live, browser, member_browser, guild):
    server_id, channels = guild
    owner, member = browser, member_browser
    owner_and_member_at_home(live, owner, member, server_id)

    # Renamed in the settings dialog: the member's card reads the new name.
    rename_server(owner, live, server_id, "Орден")
    until(member, lambda d: "Орден" in card_of(d, server_id).text, message="the card kept the old name")
    # A new icon: the member's card shows it.
    wait_for_island(owner, "app-shell")
    first = owner.execute_async_script(UPLOAD_ICON, server_id, "#c0392b")
    assert first.startswith(f"/api/servers/{server_id}/icon?v=")
    until(member, lambda d: (icon_src(card_of(d, server_id)) or "").endswith(first), message="no icon on the card")

    # The member opens a channel of it; the owner renames it again and changes the icon: the
    # sidebar's header and the top bar follow.
    card_of(member, server_id).click()
    wait_until_url(member, f"/app/servers/{server_id}")
    until(member, lambda d: channel_link(d, "общий")).click()
    until(member, lambda d: d.find_element(By.CSS_SELECTOR, ".channel-view__name").text == "Орден")
    rename_server(owner, live, server_id, "Орден света")
    until(member, lambda d: d.find_element(By.CSS_SELECTOR, ".channel-view__name").text == "Орден света",
          message="the sidebar's header kept the old name")
    until(member, lambda d: d.find_element(By.CSS_SELECTOR, ".app-topbar__server .truncate").text == "Орден света",
          message="the top bar kept the old name")
    second = owner.execute_async_script(UPLOAD_ICON, server_id, "#2980b9")
    assert second != first
    for place in (".channel-view__server", ".app-topbar__server"):
        until(member, lambda d: (icon_src(d.find_element(By.CSS_SELECTOR, place)) or "").endswith(second),
              message=f"{place} kept the old icon")
    assert member.execute_script("return window.samePage === true")  # all without a reload


def test_an_answer_to_a_read_sent_before_a_change_does_not_undo_it(app, live, browser, guild):
    """Opening a channel refetches the server and its channels; a rename and a new channel that
    come while those reads are on their way (slowed here) stay shown when the old answers land."""
    server_id, channels = guild
    sign_in(browser, live, "olga")
    browser.get(f"{live.url}/app/servers/{server_id}/channels/{channels['общий']}")
    online(browser)
    shows_channels(browser, ["общий", "игра"])
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    channel_link(browser, "игра").click()  # the reads leave now and answer 1.5 s later
    time.sleep(0.3)
    with app.app_context():  # what the owner's PATCH and POST do
        server, vera = db.session.get(Server, server_id), find_user("vera")
        structure_notify.notify_server_updated(servers.do_update_server(server, vera, {"name": "Орден"}))
        made = servers.do_create_channel(server, vera, {"name": "стратегии", "type": "TEXT", "description": None})
        structure_notify.notify_channel_created(made)
    until(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".channel-view__name").text == "Орден")
    shows_channels(browser, ["общий", "игра", "стратегии"])
    time.sleep(2)  # the slowed answers from before the change have landed by now
    assert browser.find_element(By.CSS_SELECTOR, ".channel-view__name").text == "Орден"
    assert browser.find_element(By.CSS_SELECTOR, ".app-topbar__server .truncate").text == "Орден"
    shows_channels(browser, ["общий", "игра", "стратегии"])


def icon_field_error(driver) -> str:
    found = driver.find_elements(By.CSS_SELECTOR, "dialog[open] #icon-error")
    return found[0].text if found else ""


def save_settings(driver) -> None:
    driver.find_element(By.XPATH, "//dialog[@open]//button[normalize-space()='Сохранить изменения']").click()


def test_the_owner_changes_the_icon_in_the_settings_dialog_and_the_members_list_follows(
        app, live, browser, member_browser, guild, tmp_path):
    server_id, _ = guild
    owner, member = browser, member_browser
    owner_and_member_at_home(live, owner, member, server_id)

    owner.get(f"{live.url}/app/servers/{server_id}/settings")
    wait_for(owner, "dialog[open] .icon-drop")
    picker = owner.find_element(By.CSS_SELECTOR, "dialog[open] input.icon-drop__input")

    # Named like a picture but not one: the browser lets it through, the server refuses it by its
    # content, and says so beside the field.
    fake = tmp_path / "icon.png"
    fake.write_bytes(b"not a picture at all")
    picker.send_keys(str(fake))
    save_settings(owner)
    until(owner, lambda d: icon_field_error(d) == "Можно загружать только изображения",
          message="the server's refusal is not beside the field")
    # Too large: refused as soon as it is picked.
    big = tmp_path / "big.png"
    big.write_bytes(bytes(5 * 1024 * 1024 + 1))
    picker.send_keys(str(big))
    until(owner, lambda d: icon_field_error(d) == "Файл слишком большой. Максимальный размер: 5MB")

    # A picture: previewed, then saved.
    good = tmp_path / "red.png"
    Image.new("RGB", (64, 64), "#c0392b").save(good)
    picker.send_keys(str(good))
    until(owner, lambda d: d.find_element(By.CSS_SELECTOR, "dialog[open] .icon-drop__preview img")
          .get_attribute("src").startswith("blob:"), message="no preview of the picked picture")
    assert icon_field_error(owner) == ""
    save_settings(owner)
    wait_for_text(owner, "Настройки сервера сохранены")

    # The member's open server list shows it, without a reload.
    until(member, lambda d: f"/api/servers/{server_id}/icon?v=" in (icon_src(card_of(d, server_id)) or ""),
          message="no icon on the member's card")
    assert member.execute_script("return window.samePage === true")
    # Opened again, the dialog shows the icon the server has now.
    owner.get(f"{live.url}/app/servers/{server_id}/settings")
    until(owner, lambda d: f"/api/servers/{server_id}/icon?v=" in d.find_element(
        By.CSS_SELECTOR, "dialog[open] .icon-drop__preview img").get_attribute("src"))
