"""One reset link, or one refresh token, used by several requests at the same instant: exactly one
of them acts on it. (Read first, write later let four resets set four passwords, and four
refreshes start four live chains that no reuse check would ever see.)"""
import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select

from lobby.accounts.models import RefreshToken, User
from lobby.extensions import db
from tests.accounts.test_refresh_api import refresh_cookie_headers, refresh_with, signed_in  # noqa: F401
from tests.accounts.test_reset_api import reset, reset_token  # noqa: F401  (fixture)

RACERS = 4


def together(action, arguments: list) -> list:
    start = threading.Barrier(len(arguments))

    def run(argument):
        start.wait()
        return action(argument)

    with ThreadPoolExecutor(len(arguments)) as pool:
        return list(pool.map(run, arguments))


def test_a_reset_link_used_four_times_at_once_sets_one_password(app, reset_token):
    passwords = [f"new-password-{number}" for number in range(RACERS)]
    answers = together(lambda password: reset(app.test_client(), reset_token, password), passwords)
    assert sorted(answer.status_code for answer in answers) == [200] + [400] * (RACERS - 1)
    winner = passwords[[answer.status_code for answer in answers].index(200)]
    for password in passwords:
        signed = app.test_client().post("/api/auth/login", json={"email": "anna@example.com", "password": password})
        assert signed.status_code == (200 if password == winner else 401)


def test_sessions_ended_four_times_at_once_move_the_session_version_four_times(app, accounts):
    accounts.verified()
    with app.app_context():
        before = db.session.scalar(select(User.session_version))
    together(lambda _: _end_sessions(app), range(RACERS))
    with app.app_context():
        assert db.session.scalar(select(User.session_version)) == before + RACERS


def _end_sessions(app):
    from lobby.accounts import actions

    with app.app_context():
        actions.end_every_session(db.session.scalar(select(User)))
        db.session.commit()


def test_a_refresh_token_used_four_times_at_once_has_one_successor(app, signed_in):
    answers = together(lambda _: refresh_with(app, signed_in), range(RACERS))
    assert [answer.status_code for answer in answers] == [200] * RACERS  # a race, within the grace
    rotated = [answer for answer in answers if refresh_cookie_headers(answer)]
    assert len(rotated) == 1
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(RefreshToken)) == 2  # the token and one successor
