import pytest
from flask import flash, redirect, render_template_string
from selenium.webdriver.common.by import By

from tests.support import LiveServer
from tests.browser.helpers import page_text, severe_console_errors, wait_for, wait_for_island, wait_for_text

pytestmark = pytest.mark.browser

LANDING_TEXTS = ["Войти", "Начать", "Создать аккаунт", "Уже с нами? Войдите в аккаунт",
                 "Быстрый чат", "Голосовые каналы", "Гибкие настройки"]


def add_flash_route(app):
    """A test-only page that flashes like the auth forms will, then lands on '/'."""
    @app.get("/test-flash")
    def test_flash():
        flash("Настройки сохранены", "success")
        return redirect("/")


def test_landing_shows_its_russian_texts(browser, live):
    browser.get(live.url + "/")
    wait_for_island(browser, "toaster")
    text = page_text(browser)
    for expected in LANDING_TEXTS:
        assert expected in text
    assert browser.find_element(By.LINK_TEXT, "Начать").get_attribute("href") == live.url + "/auth/register"
    assert severe_console_errors(browser) == []


def test_toaster_island_shows_the_message_the_server_flashed(app, browser, live):
    add_flash_route(app)
    browser.get(live.url + "/test-flash")
    toast = wait_for(browser, "[data-sonner-toast]")
    assert "Настройки сохранены" in toast.text
    # Top right, as the spec's toast area is.
    rect = toast.rect
    assert rect["x"] > browser.get_window_size()["width"] / 2 and rect["y"] < 200


def add_frame_route(app):
    """A test-only page that embeds Lobby in a frame, as a third-party site might (with a policy
    of its own: Lobby's would not let it show a frame)."""
    @app.get("/test-frame")
    def test_frame():
        return ("<!doctype html><iframe id='app' src='/' width='1000' height='700'></iframe>", 200,
                {"Content-Security-Policy": "frame-src 'self'"})


@pytest.fixture
def frameable(make_app, _migrated):
    """Lobby served by a deployment that lets pages of its own origin frame it (FRAME_ANCESTORS);
    by default no page may."""
    app = make_app(FRAME_ANCESTORS="self")
    add_frame_route(app)
    with LiveServer(app) as server:
        yield server


def test_frame_banner_appears_only_inside_a_frame_and_remembers_dismissal(browser, frameable):
    live = frameable
    browser.get(live.url + "/")
    wait_for_island(browser, "frame-banner")
    assert "Open in New Tab" not in page_text(browser)

    browser.get(live.url + "/test-frame")
    browser.switch_to.frame(wait_for(browser, "#app"))
    open_link = wait_for(browser, "[data-island='frame-banner'] a")
    assert open_link.text == "Open in New Tab" and open_link.get_attribute("target") == "_blank"
    assert "cookies" in page_text(browser)
    browser.find_element(By.XPATH, "//button[normalize-space()='Dismiss']").click()
    assert "Open in New Tab" not in page_text(browser)

    browser.refresh()
    browser.switch_to.frame(wait_for(browser, "#app"))
    wait_for_island(browser, "frame-banner")
    assert "Open in New Tab" not in page_text(browser)


def test_landing_fits_a_360_px_phone(phone_browser, live):
    phone_browser.get(live.url + "/")
    wait_for_text(phone_browser, "Создать аккаунт")
    width, scroll_width = phone_browser.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth]")
    assert width == 360 and scroll_width <= 360
    for expected in LANDING_TEXTS:
        assert expected in page_text(phone_browser)


def test_landing_and_flashes_work_with_javascript_off(app, browser_without_js, live):
    add_flash_route(app)
    browser_without_js.get(live.url + "/test-flash")
    text = page_text(browser_without_js)
    for expected in LANDING_TEXTS:
        assert expected in text
    assert "Настройки сохранены" in text


def test_unknown_page_says_not_found_with_a_way_home(browser, live):
    browser.get(live.url + "/nowhere")
    assert "Not Found" in page_text(browser)
    browser.find_element(By.LINK_TEXT, "На главную").click()
    wait_for_text(browser, "Создать аккаунт")
    assert browser.current_url == live.url + "/"


def test_a_crashed_island_shows_the_error_card_and_the_page_lives_on(app, browser, live):
    @app.get("/test-broken-island")
    def broken_island():
        # The toaster given props it cannot use: its effect throws.
        return render_template_string(
            "{% extends 'base.html' %}{% block content %}<h1>Страница жива</h1>"
            "{{ island('toaster', {'messages': 'не список'}) }}{% endblock %}")

    browser.get(live.url + "/test-broken-island")
    card = wait_for(browser, ".island-error")
    assert "Что-то пошло не так" in card.text
    assert "Попробовать снова" in card.text and "Перезагрузить" in card.text
    assert "Страница жива" in page_text(browser)
