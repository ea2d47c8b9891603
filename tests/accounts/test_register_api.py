"""`POST /api/auth/register` and `GET /api/auth/check-availability`: the answers, every validation
message, conflicts, how the password is stored, and the throttles."""
import pytest
from sqlalchemy import select

from lobby.accounts.models import User
from lobby.extensions import db
from tests.accounts.conftest import PASSWORD, registration

USER_FIELDS = {"id", "username", "email", "firstName", "lastName", "profileImageUrl", "isEmailVerified",
               "lastLoginAt", "createdAt",
               "displayName", "bio", "pronouns", "customStatus"}  # the profile others see (settings)
TOO_MANY = {"message": "Слишком много запросов. Попробуйте позже.", "code": "RATE_LIMITED"}


def validation_error(errors: dict) -> dict:
    return {"message": next(iter(errors.values())), "code": "VALIDATION_ERROR", "errors": errors}


def stored_user(app) -> User:
    with app.app_context():
        return db.session.scalar(select(User))


def availability(client, **query):
    return client.get("/api/auth/check-availability", query_string=query)


def test_registration_answers_201_with_the_new_user_in_camel_case(accounts):
    response = accounts.register()
    assert response.status_code == 201
    body = response.get_json()
    assert body["message"] == "Код подтверждения отправлен на email"
    user = body["user"]
    assert set(user) == USER_FIELDS
    assert user["username"] == "anna" and user["email"] == "anna@example.com"
    assert user["firstName"] == "Анна" and user["lastName"] == "Смирнова"
    assert user["isEmailVerified"] is False and user["lastLoginAt"] is None


def test_registration_answer_carries_no_password_in_any_form(accounts):
    response = accounts.register()
    text = response.get_data(as_text=True)
    assert not any("password" in key.lower() for key in response.get_json()["user"])
    assert PASSWORD not in text and "$argon2" not in text


@pytest.mark.parametrize("field, value, message", [
    ("firstName", "", "Введите имя"),
    ("firstName", "Анна2", "Имя может содержать только буквы, пробелы и дефисы"),
    ("lastName", "", "Введите фамилию"),
    ("lastName", "Смирнова3", "Фамилия может содержать только буквы, пробелы и дефисы"),
    ("username", "", "Введите username"),
    ("username", "an", "Username должен содержать минимум 3 символа"),
    ("username", "anna smith!", "Username может содержать только буквы, цифры, _ и -"),
    ("email", "", "Введите email"),
    ("email", "anna-at-example.com", "Введите корректный email"),
    ("password", "", "Введите пароль"),
    ("password", "1234567", "Пароль должен содержать минимум 8 символов"),
])
def test_each_invalid_field_gets_its_russian_message(accounts, field, value, message):
    response = accounts.register(**{field: value})
    assert response.status_code == 422
    assert response.get_json() == validation_error({field: message})


def test_invalid_registration_creates_no_account_and_sends_no_mail(accounts, app):
    assert accounts.register(password="short").status_code == 422
    assert stored_user(app) is None
    assert accounts.mailbox.sent_to("anna@example.com") == []


def test_a_64_character_password_is_accepted_and_signs_in(accounts):
    long_password = "п" * 32 + "w" * 32
    accounts.verified(password=long_password)
    assert accounts.login(password=long_password).status_code == 200
    assert accounts.login(password=long_password[:-1]).status_code == 401  # all of it counts


def test_several_bad_fields_are_all_reported_at_once(accounts):
    response = accounts.register(firstName="", username="a", email="nope", password="123")
    assert response.status_code == 422
    assert response.get_json()["errors"] == {
        "firstName": "Введите имя",
        "username": "Username должен содержать минимум 3 символа",
        "email": "Введите корректный email",
        "password": "Пароль должен содержать минимум 8 символов",
    }


def test_a_taken_username_is_a_conflict_whatever_its_case(accounts):
    assert accounts.register().status_code == 201
    response = accounts.register(username="ANNA", email="other@example.com")
    assert response.status_code == 409
    assert response.get_json() == {"message": "Этот username уже занят", "code": "CONFLICT",
                                   "errors": {"username": "Этот username уже занят"}}


def test_a_taken_email_is_a_conflict_whatever_its_case(accounts):
    assert accounts.register().status_code == 201
    response = accounts.register(username="other", email="Anna@Example.com")
    assert response.status_code == 409
    assert response.get_json() == {"message": "Этот email уже используется", "code": "CONFLICT",
                                   "errors": {"email": "Этот email уже используется"}}


@pytest.mark.parametrize("payload, content_type, status, code", [
    ("firstName=Анна&username=anna", "application/x-www-form-urlencoded", 415, "UNSUPPORTED_MEDIA_TYPE"),
    ("{not json", "application/json", 400, "BAD_REQUEST"),
    ('["a", "list"]', "application/json", 400, "BAD_REQUEST"),
])
def test_a_body_that_is_not_a_json_object_is_refused_with_a_json_error(client, payload, content_type, status, code):
    response = client.post("/api/auth/register", data=payload.encode(), content_type=content_type)
    assert response.status_code == status
    assert response.is_json
    body = response.get_json()
    assert set(body) == {"message", "code"} and body["code"] == code and body["message"]


def test_the_password_is_stored_as_an_argon2id_hash(accounts, app):
    assert accounts.register().status_code == 201
    stored = stored_user(app).password_hash
    assert stored.startswith("$argon2id$")
    assert PASSWORD not in stored


def test_availability_of_a_free_username(client):
    response = availability(client, username="free_name")
    assert response.status_code == 200
    assert response.get_json() == {"username": {"available": True, "message": None}}


def test_availability_of_a_taken_username_ignores_case(accounts, client):
    accounts.register()
    response = availability(client, username="ANNA")
    assert response.get_json() == {"username": {"available": False, "message": "Этот username уже занят"}}


def test_availability_of_a_too_short_username_explains_why(client):
    response = availability(client, username="an")
    assert response.status_code == 200
    assert response.get_json() == {
        "username": {"available": False, "message": "Username должен содержать минимум 3 символа"}}


def test_availability_of_a_free_and_a_taken_email(accounts, client):
    accounts.register()
    assert availability(client, email="free@example.com").get_json() == {
        "email": {"available": True, "message": None}}
    assert availability(client, email="ANNA@example.com").get_json() == {
        "email": {"available": False, "message": "Этот email уже используется"}}


def test_availability_answers_for_both_fields_at_once(accounts, client):
    accounts.register()
    assert availability(client, username="anna", email="free@example.com").get_json() == {
        "username": {"available": False, "message": "Этот username уже занят"},
        "email": {"available": True, "message": None},
    }


def test_availability_without_a_username_or_email_is_a_400(client):
    response = availability(client)
    assert response.status_code == 400
    assert response.get_json() == {"message": "Укажите username или email", "code": "BAD_REQUEST"}


def test_the_31st_availability_check_in_a_minute_is_throttled(client):
    for number in range(30):
        assert availability(client, username=f"name{number}").status_code == 200, number
    response = availability(client, username="one_too_many")
    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 60
    assert response.get_json() == TOO_MANY


def test_the_11th_registration_in_an_hour_from_one_ip_is_throttled(accounts):
    for number in range(10):
        assert accounts.register(username=f"user{number}", email=f"user{number}@example.com").status_code == 201
    response = accounts.register(username="user10", email="user10@example.com")
    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 3600
    assert response.get_json() == TOO_MANY
