"""How many bytes does a signed-in first visit to /app transfer? Headless Chromium with a cold
cache, as the browser receives it with no compression, gzip only, and what it asks for (br), then
again with a warm cache. Figures come from the page's own Resource Timing (transferSize: headers and body on
the wire; encodedBodySize; decodedBodySize), grouped by kind. Embedded mode on a loopback server.

    .venv/bin/python bench/static_transfer.py          (after `make build`)
"""
import sys
import tempfile
import time
from collections import defaultdict

sys.path.insert(0, ".")
from flask_migrate import upgrade  # noqa: E402

from lobby import create_app  # noqa: E402
from tests.browser.conftest import start_browser  # noqa: E402
from tests.browser.test_servers import make_person, sign_in  # noqa: E402
from tests.support import LiveServer  # noqa: E402

ENTRIES = """
return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .map((e) => ({name: e.name, kind: e.initiatorType, transfer: e.transferSize,
                encoded: e.encodedBodySize, decoded: e.decodedBodySize}));
"""


ENCODING_OF_THE_BUNDLE = """
const done = arguments[arguments.length - 1];
const src = document.querySelector('script[type=module]').src;
fetch(src, {cache: 'no-store'}).then((r) => done(r.headers.get('Content-Encoding') || 'identity'));
"""


def kind_of(entry: dict) -> str:
    path = entry["name"].split("//", 1)[1].partition("/")[2].partition("?")[0]
    if path.startswith("static/build/"):
        return "scripts"
    if path.startswith("static/css/"):
        return "stylesheets"
    if path.startswith("static/"):
        return "images"
    return "page and API" if entry["kind"] in ("navigation", "fetch", "xmlhttprequest") else "other"


def visit_app(driver, live, encoding: str | None, warm: bool = False) -> list[dict]:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Encoding": encoding} if encoding else {}})
    if not warm:
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(live.url + "/app")
    time.sleep(3)  # the islands load their chunks and first data, the socket connects
    return driver.execute_script(ENTRIES)


def report(label: str, entries: list[dict]) -> None:
    totals = defaultdict(lambda: [0, 0, 0, 0])
    for entry in entries:
        row = totals[kind_of(entry)]
        row[0] += 1
        row[1] += entry["transfer"]
        row[2] += entry["encoded"]
        row[3] += entry["decoded"]
    print(f"\n{label}")
    print(f"  {'':14} {'files':>5} {'on the wire':>12} {'body':>10} {'unpacked':>10}")
    for kind in ("scripts", "stylesheets", "images", "page and API", "other"):
        if kind in totals:
            n, transfer, encoded, decoded = totals[kind]
            print(f"  {kind:14} {n:5} {transfer / 1024:9.1f} KB {encoded / 1024:7.1f} KB {decoded / 1024:7.1f} KB")
    static = sum(totals[k][1] for k in ("scripts", "stylesheets", "images"))
    print(f"  static files on the wire: {static / 1024:.1f} KB; everything: {sum(r[1] for r in totals.values()) / 1024:.1f} KB")


def main() -> None:
    folder = tempfile.mkdtemp(prefix="lobby-bench-")
    app = create_app(env={"INSTANCE_PATH": folder, "SECRET_KEY": "bench", "LOG_LEVEL": "WARNING"})
    with app.app_context():
        upgrade()
    make_person(app, "olga", "Ольга")
    driver = start_browser()
    try:
        with LiveServer(app) as live:
            sign_in(driver, live, "olga")
            # The default last: the warm visit must ask as the cached answers were asked (Vary).
            for label, encoding in (("cold cache, no compression", "identity"), ("cold cache, gzip only", "gzip"),
                                    ("cold cache, what Chromium asks for", None)):
                report(f"/app, {label}", visit_app(driver, live, encoding))
            report("/app again, warm cache", visit_app(driver, live, None, warm=True))
            print("\nthe main bundle comes to this Chromium as:", driver.execute_async_script(ENCODING_OF_THE_BUNDLE))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
