"""Small things a new person tripped over (issue 18): the composer's emoji picker puts an emoji at the
caret and it can be sent; the reaction picker's 'Все эмодзи' reacts with any emoji; deleting a
message asks in the app's own dialog (cancel keeps it, confirm deletes it, no browser dialog); a
1.3 KB file reads '1,3 КБ'; typing the sixth digit of an e-mail code sends it, once."""
import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from lobby.accounts import email_change
from lobby.accounts.actions import find_user
from tests.accounts.conftest import PASSWORD, code_in
from tests.browser.helpers import wait_for, wait_for_island, wait_for_text, wait_until_url
from tests.browser.test_attachments import make_server, open_general
from tests.browser.test_chat import say, wait_for_message
from tests.browser.test_csp import console_problems
from tests.browser.test_servers import make_person, sign_in
from tests.support import run_jobs

pytestmark = pytest.mark.browser

# Counts the e-mail code checks the page sends, kept across the page's redirect afterwards.
COUNT_CODE_CHECKS = """
const send = window.fetch;
window.fetch = (url, ...rest) => {
  if (String(url).includes('/api/auth/verify-email-code'))
    sessionStorage.setItem('codeChecks', String(Number(sessionStorage.getItem('codeChecks') || 0) + 1));
  return send(url, ...rest);
};
"""


@pytest.fixture
def olga_in_general(app, live, browser):
    make_person(app, "olga", "Ольга")
    server = make_server(app, "olga")
    sign_in(browser, live, "olga")
    open_general(app, live, browser, server)
    console_problems(browser)  # from here on, nothing may be refused or fail
    return browser


def picker_emoji(driver, emoji: str):
    """The emoji's button in the open emoji picker (emoji-mart draws it in a shadow root)."""
    def found(d):
        hosts = d.find_elements(By.CSS_SELECTOR, "lobby-emoji-picker")
        if not hosts:
            return None
        return next(iter(hosts[0].shadow_root.find_elements(By.CSS_SELECTOR, f"button[aria-label='{emoji}']")), None)
    return WebDriverWait(driver, 10).until(found)


def no_browser_dialog(driver) -> bool:
    try:
        driver.switch_to.alert
    except NoAlertPresentException:
        return True
    return False


def contents(driver) -> list[str]:
    """The messages' texts, read in one go (a message removed meanwhile is simply not there)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('li.message .message__content')].map((e) => e.textContent)")


def message_tool(driver, text: str, label: str):
    message = wait_for_message(driver, text)
    ActionChains(driver).move_to_element(message).perform()
    return message.find_element(By.XPATH, f".//button[@aria-label='{label}']")


def test_the_emoji_button_puts_an_emoji_at_the_caret_and_it_is_sent(olga_in_general):
    browser = olga_in_general
    box = wait_for(browser, "#composer")
    box.send_keys("Привет мир", Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)  # caret before 'мир'

    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Эмодзи']").click()
    grin = picker_emoji(browser, "😀")
    # Drawn with its stylesheet under the CSP, in the design's colours (--surface of the dark theme).
    root_background = browser.execute_script(
        "return getComputedStyle(document.querySelector('lobby-emoji-picker').shadowRoot.querySelector('#root'))"
        ".backgroundColor")
    assert root_background == "rgb(18, 21, 28)"
    search = browser.find_element(By.CSS_SELECTOR, "lobby-emoji-picker").shadow_root.find_element(
        By.CSS_SELECTOR, "input[type='search']")
    assert search.get_attribute("placeholder") == "Поиск"  # the picker speaks the page's language
    grin.click()

    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "lobby-emoji-picker"))
    assert box.get_attribute("value") == "Привет 😀мир"
    assert browser.switch_to.active_element == box
    # Typing goes on right after the emoji (keys to the focused box: WebDriver's send_keys would
    # move the caret to the end first).
    ActionChains(browser).send_keys(" и всем ").perform()
    assert box.get_attribute("value") == "Привет 😀 и всем мир"
    box.send_keys(Keys.ENTER)
    wait_for_message(browser, "Привет 😀 и всем мир")
    assert console_problems(browser) == []


def test_escape_closes_the_emoji_picker(olga_in_general):
    browser = olga_in_general
    button = browser.find_element(By.CSS_SELECTOR, "button[aria-label='Эмодзи']")
    button.click()
    picker_emoji(browser, "😀")
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "lobby-emoji-picker"))
    assert browser.switch_to.active_element == button


def test_all_emoji_in_the_reaction_picker_reacts_with_any_emoji(olga_in_general):
    browser = olga_in_general
    say(browser, "Кто в рейд?")
    message_tool(browser, "Кто в рейд?", "Добавить реакцию").click()
    wait_for(browser, ".reaction-picker__more").click()
    picker_emoji(browser, "😀").click()

    WebDriverWait(browser, 10).until(lambda d: "😀 1" in " ".join(
        chip.text for chip in wait_for_message(d, "Кто в рейд?").find_elements(By.CSS_SELECTOR, ".reaction-chip")))
    assert not browser.find_elements(By.CSS_SELECTOR, "lobby-emoji-picker")
    assert console_problems(browser) == []


def test_deleting_a_message_asks_in_the_app(olga_in_general):
    browser = olga_in_general
    say(browser, "Лишнее сообщение")

    message_tool(browser, "Лишнее сообщение", "Удалить").click()
    dialog = wait_for(browser, "dialog[role='alertdialog']")
    assert no_browser_dialog(browser)
    assert "Удалить сообщение?" in dialog.text
    assert browser.switch_to.active_element.text == "Удалить"  # focus moved into it
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Отмена']").click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[role='alertdialog']"))
    wait_for_message(browser, "Лишнее сообщение")  # kept

    message_tool(browser, "Лишнее сообщение", "Удалить").click()
    wait_for(browser, "dialog[role='alertdialog']")
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)  # Escape is 'no' too
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[role='alertdialog']"))
    wait_for_message(browser, "Лишнее сообщение")

    message_tool(browser, "Лишнее сообщение", "Удалить").click()
    wait_for(browser, "dialog[role='alertdialog']")
    browser.switch_to.active_element.send_keys(Keys.ENTER)  # Enter confirms
    WebDriverWait(browser, 10).until(lambda d: "Лишнее сообщение" not in contents(d))
    assert not browser.find_elements(By.CSS_SELECTOR, "dialog[role='alertdialog']")
    assert console_problems(browser) == []


def test_a_small_file_reads_in_kilobytes(olga_in_general, tmp_path):
    browser = olga_in_general
    note = tmp_path / "заметка.txt"
    note.write_bytes(b"x" * 1331)  # 1.3 KB, once '0.00 MB'

    browser.find_element(By.CSS_SELECTOR, "input.composer__file-input").send_keys(str(note))
    assert wait_for(browser, ".pending-file__size").text == "1,3 КБ"
    browser.find_element(By.CSS_SELECTOR, "button.composer__send").click()
    card = wait_for(browser, "li.message .attachment-card")
    assert card.find_element(By.CSS_SELECTOR, ".attachment-card__size").text == "1,3 КБ"


def test_typing_the_sixth_digit_sends_the_code_once(accounts, browser, live):
    accounts.register(email="masha@example.com", username="masha")
    code = accounts.latest_code("masha@example.com")
    browser.get(live.url + "/auth/verify-email?email=masha%40example.com")
    wait_for_island(browser, "verify-email")
    browser.execute_script(COUNT_CODE_CHECKS)

    for digit in code:  # one key at a time, into whichever box has the focus
        browser.switch_to.active_element.send_keys(digit)
    wait_until_url(browser, "/auth?verified=true")
    assert browser.execute_script("return sessionStorage.getItem('codeChecks')") == "1"


def test_a_pasted_code_is_sent_once(accounts, browser, live):
    from tests.browser.test_accounts import paste

    accounts.register(email="masha@example.com", username="masha")
    code = accounts.latest_code("masha@example.com")
    browser.get(live.url + "/auth/verify-email?email=masha%40example.com")
    wait_for_island(browser, "verify-email")
    browser.execute_script(COUNT_CODE_CHECKS)

    paste(browser, browser.find_elements(By.CSS_SELECTOR, ".code-box")[0], code)
    wait_until_url(browser, "/auth?verified=true")
    assert browser.execute_script("return sessionStorage.getItem('codeChecks')") == "1"


def test_the_new_email_code_in_the_settings_is_sent_by_its_sixth_digit(app, live, browser, mailbox):
    make_person(app, "olga", "Ольга")
    mailbox.messages.clear()
    with app.app_context():
        email_change.do_start_email_change(find_user("olga"), PASSWORD, "olga.new@example.com")
    run_jobs(app)
    code = code_in(mailbox.wait_for("olga.new@example.com"))

    sign_in(browser, live, "olga")
    browser.get(live.url + "/app/settings/account")
    field = wait_for(browser, "input[name='code'][autocomplete='one-time-code']")
    for digit in code:
        field.send_keys(digit)
    wait_for_text(browser, "Email изменён")
    with app.app_context():
        assert find_user("olga").email == "olga.new@example.com"
