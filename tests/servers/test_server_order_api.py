"""Each person's own order of their servers: `POST /api/servers/{id}/move {position}` — what the
rail's drag and keyboard reorder call — and `GET /api/servers` answering in that order."""
import pytest

from tests.servers.conftest import error_of

UNAUTHORIZED = (401, "UNAUTHORIZED", "Требуется вход в систему")
NOT_FOUND = (404, "SERVER_NOT_FOUND", "Сервер не найден")
NOT_A_MEMBER = (403, "NOT_A_MEMBER", "Вы не участник этого сервера")


def my_ids(person) -> list[int]:
    return [server["id"] for server in person.get("/api/servers").get_json()["servers"]]


@pytest.fixture
def three(people, create_server):
    """`member` belongs to three servers of `owner`, joined in the order a, b, c."""
    servers = [create_server("owner", name=name) for name in ("Альфа", "Бета", "Гамма")]
    for server in servers:
        assert people("member").post(f"/api/servers/join/{server['inviteCode']}").status_code == 200
    return [server["id"] for server in servers]


def test_a_server_moves_in_the_callers_own_list_and_stays_there(people, three):
    a, b, c = three
    member = people("member")
    assert my_ids(member) == [a, b, c]  # never placed: oldest membership first
    response = member.post(f"/api/servers/{c}/move", json={"position": 0})
    assert response.status_code == 200
    assert response.get_json() == {"serverIds": [c, a, b]}
    assert my_ids(member) == [c, a, b]
    assert member.post(f"/api/servers/{c}/move", json={"position": 99}).get_json() == {"serverIds": [a, b, c]}
    assert member.post(f"/api/servers/{a}/move", json={"position": 1}).get_json() == {"serverIds": [b, a, c]}
    assert my_ids(member) == [b, a, c]


def test_nobody_elses_list_changes(people, three):
    a, b, c = three
    before = my_ids(people("owner"))
    people("member").post(f"/api/servers/{c}/move", json={"position": 0})
    assert my_ids(people("owner")) == before == [a, b, c]


def test_a_server_joined_later_goes_last(people, create_server, three):
    a, b, c = three
    member = people("member")
    member.post(f"/api/servers/{a}/move", json={"position": 2})
    newer = create_server("owner", name="Дельта")
    member.post(f"/api/servers/join/{newer['inviteCode']}")
    assert my_ids(member) == [b, c, a, newer["id"]]


def test_any_role_moves_its_own_server(cast):
    crew = cast()
    for role in ("member", "moderator", "owner"):
        response = crew[role].post(f"{crew.url}/move", json={"position": 0})
        assert response.status_code == 200, (role, response.get_json())
        assert response.get_json()["serverIds"][0] == crew.server["id"]


@pytest.mark.parametrize("is_public, role, refusal", [
    (True, "anonymous", UNAUTHORIZED), (True, "outsider", NOT_A_MEMBER), (True, "banned", NOT_A_MEMBER),
    (False, "anonymous", UNAUTHORIZED), (False, "outsider", NOT_FOUND), (False, "banned", NOT_FOUND),
])
def test_only_members_move_a_server(cast, is_public, role, refusal):
    crew = cast(is_public=is_public)
    assert error_of(crew[role].post(f"{crew.url}/move", json={"position": 0})) == refusal


def test_an_unknown_server_is_not_found(people):
    assert error_of(people("member").post("/api/servers/999999/move", json={"position": 0})) == NOT_FOUND


@pytest.mark.parametrize("body", [
    {}, {"position": -1}, {"position": 1.5}, {"position": "1"}, {"position": True}, {"position": None},
    {"position": [0]},
])
def test_a_bad_position_is_refused_with_its_message(people, three, body):
    response = people("member").post(f"/api/servers/{three[0]}/move", json=body)
    assert response.status_code == 422
    assert response.get_json()["code"] == "VALIDATION_ERROR"
    assert response.get_json()["message"] == "Позиция — целое число от 0"
    assert response.get_json()["errors"] == {"position": "Позиция — целое число от 0"}


@pytest.mark.parametrize("body", [[0], "0", 0])
def test_a_body_that_is_not_an_object_is_refused(people, three, body):
    response = people("member").post(f"/api/servers/{three[0]}/move", json=body)
    assert response.status_code == 400
    assert response.get_json()["code"] == "BAD_REQUEST"


def test_a_move_tells_the_movers_tabs_only_and_a_move_in_place_tells_nobody(people, three, published):
    a, b, c = three
    member = people("member")
    assert member.post(f"/api/servers/{c}/move", json={"position": 0}).status_code == 200
    event, to = published.of("user_servers", reason="moved")
    assert event["data"]["serverId"] == c
    assert (to.users, to.channels, to.servers) == ({member.id}, frozenset(), frozenset())
    assert member.post(f"/api/servers/{c}/move", json={"position": 0}).status_code == 200  # already there
    moves = [e for e in published.within(0.3) if e["type"] == "user_servers" and e["data"]["reason"] == "moved"]
    assert len(moves) == 1
