"""The vocabulary browser tests speak."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 10


def wait_for(driver, css: str, timeout: float = WAIT):
    return WebDriverWait(driver, timeout).until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))


def wait_for_island(driver, name: str, timeout: float = WAIT):
    """Wait until main.jsx mounted the island (it may render nothing visible)."""
    return WebDriverWait(driver, timeout).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, f"[data-island='{name}'][data-mounted='true']"))
    )


def wait_for_text(driver, text: str, timeout: float = WAIT):
    return WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.XPATH, f"//*[contains(normalize-space(.), '{text}') and not(self::script)]")
    )


def page_text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "body").text


def severe_console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def wait_until_url(driver, path: str, timeout: float = WAIT) -> None:
    """Wait until the address (after the host) is `path`; its query counts only if `path` has one."""
    def arrived(d) -> bool:
        here = "/" + d.current_url.split("//", 1)[1].partition("/")[2]
        return (here if "?" in path else here.partition("?")[0]) == path

    WebDriverWait(driver, timeout).until(arrived, message=f"never reached {path}")
