"""Throttles on code checks and mail sends (sign-in, registration and availability throttles are
tested beside their calls). Each answers 429 with Retry-After and the Russian message."""
from tests.accounts.conftest import registration

TOO_MANY = {"message": "Слишком много запросов. Попробуйте позже.", "code": "RATE_LIMITED"}


def assert_throttled(response) -> None:
    assert response.status_code == 429
    assert response.get_json() == TOO_MANY
    assert int(response.headers["Retry-After"]) > 0


def test_code_checks_are_throttled_per_ip_across_addresses(client):
    for number in range(20):
        response = client.post("/api/auth/verify-email-code", json={"email": f"u{number}@example.com", "code": "123456"})
        assert response.status_code == 400, number
    assert_throttled(client.post("/api/auth/verify-email-code", json={"email": "x@example.com", "code": "123456"}))


def test_code_checks_through_the_form_share_the_same_budget(client):
    for _ in range(20):
        client.post("/api/auth/verify-email-code", json={"email": "x@example.com", "code": "123456"})
    response = client.post("/auth/verify-email", data={"email": "x@example.com", "code": "123456"})
    assert response.status_code == 429
    assert "Слишком много запросов. Попробуйте позже." in response.get_data(as_text=True)


def test_password_reset_mail_is_throttled_per_address(client):
    for _ in range(5):
        assert client.post("/api/auth/forgot-password", json={"email": "anna@example.com"}).status_code == 200
    assert_throttled(client.post("/api/auth/forgot-password", json={"email": "ANNA@example.com"}))
    # Another address from the same IP still gets its mail.
    assert client.post("/api/auth/forgot-password", json={"email": "boris@example.com"}).status_code == 200


def test_mail_sends_are_throttled_per_ip(client):
    for number in range(10):
        assert client.post("/api/auth/forgot-password", json={"email": f"u{number}@example.com"}).status_code == 200
    assert_throttled(client.post("/api/auth/forgot-password", json={"email": "u99@example.com"}))


def test_code_resends_count_toward_the_mail_budget_of_the_ip(accounts, client):
    accounts.register()
    for _ in range(4):
        accounts.countdown_over()
        assert client.post("/api/auth/verify-email-resend", json={"email": "anna@example.com"}).status_code == 200
    for number in range(6):
        client.post("/api/auth/forgot-password", json={"email": f"u{number}@example.com"})
    assert_throttled(client.post("/api/auth/verify-email-resend", json={"email": "anna@example.com"}))


def test_registration_form_shares_the_registration_budget(client):
    for number in range(10):
        client.post("/api/auth/register", json=registration(username=f"user{number}", email=f"u{number}@example.com"))
    response = client.post("/auth/register", data=registration(username="late", email="late@example.com"))
    assert response.status_code == 429


def test_every_limit_is_declared_on_a_view(app):
    """Flask-Limiter's pass before each request is skipped (lobby/extensions.py: ViewLimiter), so a
    default, application, meta or blueprint limit would never be checked: there must be none."""
    from lobby.extensions import limiter

    manager = limiter.limit_manager
    assert not (manager.default_limits or manager.application_limits or limiter._meta_limits
                or manager._blueprint_limits)
    assert manager._decorated_limits  # the views' own limits are there, and checked (tests above)


def test_the_reset_form_says_the_spec_words_when_throttled_and_keeps_the_address(client):
    for _ in range(5):
        assert client.post("/auth/forgot-password", data={"email": "anna@example.com"}).status_code == 302
    response = client.post("/auth/forgot-password", data={"email": "anna@example.com"})
    html = response.get_data(as_text=True)
    assert response.status_code == 429 and int(response.headers["Retry-After"]) > 0
    assert "Ошибка отправки. Попробуйте позже." in html and 'value="anna@example.com"' in html
    assert 'action="/auth/forgot-password"' in html  # the form again, not a dead end
