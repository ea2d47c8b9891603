"""`GET /api/users/search`: people by username or name, in any alphabet and case; never e-mails,
never unverified or deactivated accounts."""
import pytest
from sqlalchemy import update

from lobby.accounts import actions
from lobby.accounts.models import User
from lobby.extensions import db
from tests.servers.conftest import cheap_password_hashing, error_of, people  # noqa: F401  (shared fixtures)


@pytest.fixture
def someone(app):
    """`someone(username, first, last)` registers a verified account."""
    def register(username: str, first: str = "Тест", last: str = "Тестов", **state) -> int:
        with app.app_context():
            user = actions.do_register({"username": username, "email": f"{username}@example.com", "firstName": first,
                                        "lastName": last, "password": "password-123"}, verified=True)
            if state:
                db.session.execute(update(User).where(User.id == user.id).values(**state))
                db.session.commit()
            return user.id

    return register


def usernames(person, q) -> list[str]:
    response = person.get("/api/users/search", query_string={"q": q})
    assert response.status_code == 200, response.get_json()
    return [user["username"] for user in response.get_json()["users"]]


def test_a_user_is_found_by_username_with_the_profile_card_fields_only(people, someone):
    user_id = someone("dasha_k", "Дарья", "Котова")
    response = people("member").get("/api/users/search", query_string={"q": "dasha"})
    assert response.get_json()["users"] == [{
        "id": user_id, "username": "dasha_k", "displayName": "Дарья Котова", "firstName": "Дарья", "lastName": "Котова",
        "bio": None,
        "profileImageUrl": None, "avatar": None,
        "status": "OFFLINE", "isFriend": False, "isBlocked": False, "hasPendingRequest": False}]
    assert "example.com" not in response.get_data(as_text=True)


def test_names_match_case_insensitively_in_cyrillic(people, someone):
    someone("dasha_k", "Дарья", "Котова")
    someone("petr", "Пётр", "Иванов")
    member = people("member")
    assert usernames(member, "дарь") == ["dasha_k"]
    assert usernames(member, "КОТОВ") == ["dasha_k"]
    assert usernames(member, "иВаН") == ["petr"]
    assert usernames(member, "DASHA") == ["dasha_k"]


def test_the_exact_username_comes_first_then_usernames_that_start_with_q(people, someone):
    someone("xkot", "Икс", "Кот")
    someone("kotik", "Котик", "Котиков")
    someone("kot", "Кот", "Котов")
    assert usernames(people("member"), "kot") == ["kot", "kotik", "xkot"]


def test_like_wildcards_in_q_are_plain_characters(people, someone):
    someone("a_b", "Анна", "Бе")
    someone("axb", "Анна", "Бе")
    member = people("member")
    assert usernames(member, "a_b") == ["a_b"]
    assert usernames(member, "%%") == []


def test_unverified_and_deactivated_accounts_are_not_found(people, someone):
    someone("ghost_new", is_email_verified=False)
    someone("ghost_gone", is_deactivated=True)
    someone("ghost_here")
    assert usernames(people("member"), "ghost") == ["ghost_here"]


def test_e_mail_addresses_are_not_searched(people, someone):
    someone("anna")
    assert usernames(people("member"), "example.com") == []


def test_at_most_20_people_are_returned(people, someone):
    for n in range(22):
        someone(f"player{n:02d}")
    assert len(usernames(people("member"), "player")) == 20


def test_anonymous_callers_get_401(people):
    response = people("anonymous").get("/api/users/search", query_string={"q": "anna"})
    assert error_of(response) == (401, "UNAUTHORIZED", "Требуется вход в систему")


@pytest.mark.parametrize("q, code", [("", "QUERY_TOO_SHORT"), (" a ", "QUERY_TOO_SHORT"),
                                     ("я" * 201, "QUERY_TOO_LONG")])
def test_a_bad_query_gets_400(people, q, code):
    assert error_of(people("member").get("/api/users/search", query_string={"q": q}))[:2] == (400, code)
