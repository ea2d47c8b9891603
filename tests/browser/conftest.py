"""Headless Debian Chromium driven by Selenium, never downloading anything."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from tests.accounts.conftest import accounts  # noqa: F401  (the account helpers, shared)

os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never try to fetch a browser or driver

FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--lang=ru-RU",
    # Headless Chromium sends Accept-Language: en-US whatever --lang says; the suite's visitors are Russian.
    "--accept-lang=ru-RU,ru",
]


def fresh_profile() -> str:
    """An empty Chromium profile folder, removed when the test process ends (about 5 MB each: left
    behind, three suite runs put 1.7 GB in /tmp)."""
    profile = tempfile.mkdtemp(prefix="lobby-chrome-")
    atexit.register(shutil.rmtree, profile, True)
    return profile


def start_browser(*, javascript: bool = True, width: int = 1280, height: int = 900,
                  phone: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={fresh_profile()}")
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if phone:
        # A real phone viewport: a headless window cannot be made narrower than 500 px.
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.fixture
def browser():
    driver = start_browser()
    yield driver
    driver.quit()


@pytest.fixture
def phone_browser():
    driver = start_browser(width=360, height=740, phone=True)
    yield driver
    driver.quit()


@pytest.fixture
def browser_without_js():
    driver = start_browser(javascript=False)
    yield driver
    driver.quit()


def pytest_collection_modifyitems(items):
    """Every test here drives Chromium: marked `browser`, whether or not its file says so (CI's
    production run selects `not browser or stack`)."""
    for item in items:
        if "tests/browser/" in item.path.as_posix():
            item.add_marker(pytest.mark.browser)
