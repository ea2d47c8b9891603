"""The servers calls declared with models (`servers/schemas.py`): requests are read as they were
before the models (what the document says of them: test_openapi_servers.py)."""
import pytest

from lobby.servers.validation import NAME_MIN
from lobby.texts import text
from tests.servers.conftest import picture


def test_the_texts_name_the_limits_the_checks_use():
    assert str(NAME_MIN) in text("server.name_too_short")


def test_a_form_refused_with_its_icon_answers_422(people):
    response = people("owner").upload("/api/servers", {"description": "без названия", "icon": (picture(), "a.png")})
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"name": text("server.name_empty")}


def test_a_form_field_sent_twice_is_read_by_its_first_value(people):
    owner = people("owner")
    response = owner.client.post("/api/servers", data={"name": ["Первый", "<b>"]}, headers=owner.headers(),
                                 content_type="multipart/form-data")
    assert response.status_code == 201 and response.get_json()["server"]["name"] == "Первый"


def test_a_value_of_the_wrong_kind_is_refused_alone(people):
    response = people("owner").post("/api/servers", json={"name": "", "isPublic": "maybe", "category": "cooking"})
    assert response.get_json()["errors"] == {"isPublic": text("request.not_flag")}


def test_a_ban_is_checked_one_field_at_a_time(cast):
    crew = cast()
    response = crew["owner"].post(f"{crew.url}/moderation/ban", json={"duration": 0, "reason": 5})
    assert response.get_json()["errors"] == {"duration": text("moderation.duration")}


@pytest.mark.parametrize("query, page, limit", [
    ("limit=abc", 1, 24), ("limit=0", 1, 1), ("limit=500", 1, 100), ("limit=%D9%A3", 1, 3), ("page=0", 1, 24),
    ("page=x&limit=", 1, 24), ("recommended=true&limit=50", 1, 6), ("recommended=true&limit=x", 1, 6),
])
def test_paging_out_of_range_is_brought_in_and_no_number_is_the_default(people, query, page, limit):
    body = people("outsider").get(f"/api/servers/public?{query}").get_json()
    assert (body["page"], body["limit"]) == (page, limit)


@pytest.mark.parametrize("limit, entries", [("0", 1), ("2", 2), ("abc", 3), ("999", 3)])
def test_the_audit_log_limit_is_brought_in_too(cast, limit, entries):
    crew = cast()  # its ban is the first entry
    for name in ("первый", "второй"):
        crew["owner"].post(f"{crew.url}/channels", json={"name": name})
    assert len(crew["owner"].get(f"{crew.url}/audit-log?limit={limit}").get_json()["actions"]) == entries
