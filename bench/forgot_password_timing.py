"""Does forgot-password answer a known address as fast as an unknown one? (No enumeration by
timing.) Prints the median and 90th percentile of each, over a real server on loopback.

    .venv/bin/python bench/forgot_password_timing.py [rounds]
"""
import statistics
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, ".")
from flask_migrate import upgrade  # noqa: E402

from lobby import create_app  # noqa: E402
from lobby.extensions import limiter  # noqa: E402
from lobby.jobs.queue import wait_for_local_jobs  # noqa: E402
from tests.support import LiveServer, Mailbox  # noqa: E402


def post(url: str, email: str) -> float:
    request = urllib.request.Request(url, data=f'{{"email": "{email}"}}'.encode(),
                                     headers={"Content-Type": "application/json"})
    started = time.perf_counter()
    urllib.request.urlopen(request).read()
    return (time.perf_counter() - started) * 1000


def main(rounds: int) -> None:
    folder = tempfile.mkdtemp(prefix="lobby-bench-")
    mailbox = Mailbox().start()  # a real SMTP server: known addresses really get mail
    app = create_app({"RATELIMIT_ENABLED": False}, env={
        "INSTANCE_PATH": folder, "SECRET_KEY": "bench", "LOG_LEVEL": "WARNING", "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(mailbox.port)})
    with app.app_context():
        upgrade()
    runner = app.test_cli_runner()
    runner.invoke(args=["users", "create", "--username", "known", "--email", "known@example.com",
                        "--first-name", "Анна", "--last-name", "Смирнова", "--password", "password-123", "--verified"])
    limiter.enabled = False
    with LiveServer(app) as server:
        url = server.url + "/api/auth/forgot-password"
        known, unknown = [], []
        for _ in range(rounds):
            known.append(post(url, "known@example.com"))
            unknown.append(post(url, "nobody@example.com"))
    wait_for_local_jobs(app)
    mailbox.stop()
    for label, times in (("known address", known), ("unknown address", unknown)):
        p90 = statistics.quantiles(times, n=10)[-1]
        print(f"{label:16} median {statistics.median(times):6.2f} ms   p90 {p90:6.2f} ms   ({rounds} requests)")
    print(f"mail delivered to the known address: {len(mailbox.sent_to('known@example.com'))}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
