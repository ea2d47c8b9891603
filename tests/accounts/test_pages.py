"""The auth pages with JavaScript off: plain forms, POST → redirect → flash."""
import re

import pytest

from tests.accounts.conftest import PASSWORD, code_in, registration
from tests.support import run_jobs


def page(response) -> str:
    return response.get_data(as_text=True)


def test_login_page_has_the_spec_texts(client):
    html = page(client.get("/auth"))
    for text in ["Добро пожаловать!", "Email или username", "Пароль", "Запомнить меня", "Забыли пароль?",
                 "Войти", "Создать аккаунт"]:
        assert text in html
    assert "Добро пожаловать!" in page(client.get("/login"))
    assert "Добро пожаловать!" in page(client.get("/auth/login"))


@pytest.mark.parametrize("reason, text", [
    ("session_expired", "Сессия истекла. Войдите снова."),
    ("new_tab", "Приложение открыто в новой вкладке"),
    ("init_failed", "Не удалось восстановить сессию"),
])
def test_login_page_explains_why_the_visitor_is_here(client, reason, text):
    assert text in page(client.get(f"/auth?reason={reason}"))


def test_login_page_shows_the_verified_banner(client):
    html = page(client.get("/auth?verified=true"))
    assert "Email успешно подтвержден! Теперь вы можете войти в систему." in html


def test_register_verify_and_sign_in_with_forms(app, client, mailbox):
    mailbox.messages.clear()
    response = client.post("/auth/register", data=registration())
    assert response.status_code == 302
    assert response.headers["Location"] == "/auth/verify-email?email=anna@example.com"
    run_jobs(app)
    code = code_in(mailbox.wait_for("anna@example.com"))

    verify = page(client.get(response.headers["Location"]))
    assert "anna@example.com" in verify and 'name="code"' in verify
    verified = client.post("/auth/verify-email", data={"email": "anna@example.com", "code": code})
    assert verified.headers["Location"] == "/auth?verified=true"

    signed_in = client.post("/auth", data={"emailOrUsername": "anna", "password": PASSWORD})
    assert signed_in.headers["Location"] == "/app"
    assert any(c.startswith("lobby_refresh=") for c in signed_in.headers.getlist("Set-Cookie"))
    shell = page(client.get("/app"))
    assert "Анна Смирнова" in shell and "@anna" in shell and "Выйти" in shell

    assert client.get("/auth").headers["Location"] == "/app"  # signed in: no login page
    assert client.post("/auth/logout").headers["Location"] == "/auth"
    assert client.get("/app").headers["Location"] == "/auth"


def test_form_errors_show_under_their_fields_and_keep_the_input(client):
    response = client.post("/auth/register", data=registration(username="a", email="nope"))
    html = page(response)
    assert response.status_code == 422
    assert re.search(r'id="username-error"[^>]*>Username должен содержать минимум 3 символа<', html)
    assert re.search(r'id="email-error"[^>]*>Введите корректный email<', html)
    assert 'value="Анна"' in html  # nothing typed is lost

    login = client.post("/auth", data={"emailOrUsername": "", "password": ""})
    assert login.status_code == 422
    assert re.search(r'id="emailOrUsername-error"[^>]*>Введите email или username<', page(login))
    assert re.search(r'id="password-error"[^>]*>Введите пароль<', page(login))


def test_wrong_password_on_the_form(accounts, client):
    accounts.verified()
    response = client.post("/auth", data={"emailOrUsername": "anna@example.com", "password": "wrong-password"})
    assert response.status_code == 401
    assert "Неверный email/username или пароль" in page(response)
    assert 'value="anna@example.com"' in page(response)


def test_unverified_sign_in_leads_to_verification(accounts, client):
    accounts.register()
    response = client.post("/auth", data={"emailOrUsername": "anna", "password": PASSWORD})
    assert response.headers["Location"] == "/auth/verify-email"
    html = page(client.get("/auth/verify-email"))
    assert "anna@example.com" in html and "Подтвердите email перед входом в систему" in html


def test_verify_page_without_an_email_sends_to_registration(app):
    html = page(app.test_client().get("/auth/verify-email"))
    assert "Email не указан" in html and 'href="/auth/register"' in html
    assert "Email не указан" in page(app.test_client().get("/verify-email"))


def test_wrong_code_and_resend_on_the_form(accounts, client, app):
    accounts.register()
    first = accounts.latest_code()
    wrong = "000000" if first != "000000" else "111111"
    response = client.post("/auth/verify-email", data={"email": "anna@example.com", "code": wrong})
    assert response.status_code == 400 and "Неверный код. Проверьте правильность ввода." in page(response)

    waits = client.post("/auth/verify-email/resend", data={"email": "anna@example.com"}, follow_redirects=True)
    assert "Новый код можно запросить через" in page(waits)  # one code a minute per address
    accounts.countdown_over()
    resent = client.post("/auth/verify-email/resend", data={"email": "anna@example.com"}, follow_redirects=True)
    assert "Новый код отправлен на email" in page(resent)
    run_jobs(app)
    assert accounts.mailbox.wait_for("anna@example.com", count=2)


def test_forgot_and_reset_password_with_forms(accounts, client, app):
    accounts.verified()
    sent = client.post("/auth/forgot-password", data={"email": "anna@example.com"}, follow_redirects=True)
    assert "Проверьте почту" in page(sent)
    run_jobs(app)
    mail = accounts.mailbox.wait_for("anna@example.com", count=2)
    link = re.search(r"(/auth/reset-password\?token=[\w-]+)", mail.get_body(("plain",)).get_content()).group(1)

    form = page(client.get(link))
    assert "Новый пароль" in form
    token = link.split("token=")[1]
    done = client.post("/auth/reset-password", data={"token": token, "password": "brand-new-pass"}, follow_redirects=True)
    assert "Пароль изменен. Войдите с новым паролем." in page(done)
    assert client.get_cookie("lobby_device") is not None  # the browser that read the mail is remembered
    assert accounts.login(password="brand-new-pass").status_code == 200

    used = client.get(link)
    assert used.status_code == 400 and "недействительна или устарела" in page(used)


def test_forms_are_protected_by_csrf_tokens(make_app, app):
    protected = make_app({"WTF_CSRF_ENABLED": True})
    client = protected.test_client()
    assert client.post("/auth", data={"emailOrUsername": "x", "password": "y"}).status_code == 400
    html = page(client.get("/auth"))
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    response = client.post("/auth", data={"csrf_token": token, "emailOrUsername": "x", "password": "y"})
    assert response.status_code == 401


def test_app_requires_a_signed_in_user(client):
    for path in ["/app", "/app/discover", "/app/servers/1/channels/2"]:
        assert client.get(path).headers["Location"] == "/auth"


def test_every_app_url_renders_the_shell_for_a_signed_in_user(accounts, client):
    accounts.signed_in()
    response = client.get("/app")
    assert response.status_code == 200 and "Добро пожаловать в Lobby!" in page(response)
    # Settings are pages of their own (Jinja + htmx), the first section by default.
    assert client.get("/app/settings").headers["Location"] == "/app/settings/profile"
    assert "Внешний вид" in page(client.get("/app/settings/profile"))
    # A server the user cannot see: the frame says so (the islands used to, after loading).
    response = client.get("/app/servers/1")
    assert response.status_code == 200 and "Сервер не найден" in page(response)


def test_landing_offers_the_app_to_a_signed_in_user(accounts, client):
    accounts.signed_in()
    html = page(client.get("/"))
    assert 'href="/app"' in html and "Открыть Lobby" in html
    assert "Создать аккаунт" not in html and 'href="/auth/register"' not in html


def test_the_verify_page_counts_down_the_addresses_minute_whichever_browser_had_the_code(accounts, app):
    accounts.register()  # in another browser
    fresh = app.test_client().get("/auth/verify-email?email=anna%40example.com")
    wait = int(re.search(r'"resendIn":\s*(\d+)', page(fresh)).group(1))
    assert 55 <= wait <= 60
    accounts.countdown_over()
    later = app.test_client().get("/auth/verify-email?email=anna%40example.com")
    assert re.search(r'"resendIn":\s*0\b', page(later))
