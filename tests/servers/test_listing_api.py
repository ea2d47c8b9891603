"""Reading lists of servers: `GET /api/servers` (mine), `GET /api/servers/public` (discovery, the
recommended strip) and `GET /api/servers/search`."""
from datetime import timedelta

import pytest
from sqlalchemy import update

from lobby.database import utcnow
from lobby.servers.models import Membership


def names(response) -> list[str]:
    assert response.status_code == 200, response.get_json()
    return [server["name"] for server in response.get_json()["servers"]]


def public(person, **query):
    return person.get("/api/servers/public", query_string=query)


def join_all(people, server, *usernames):
    for username in usernames:
        assert people(username).post(f"/api/servers/{server['id']}/join").status_code == 200


@pytest.mark.parametrize("path", ["/api/servers", "/api/servers/public", "/api/servers/search?q=сервер"])
def test_an_anonymous_caller_sees_no_server_list(people, create_server, path):
    create_server()
    response = people("anonymous").get(path)
    assert response.status_code == 401
    assert response.get_json() == {"message": "Требуется вход в систему", "code": "UNAUTHORIZED"}


# GET /api/servers


def test_my_servers_are_the_ones_i_belong_to_oldest_membership_first(people, create_server):
    create_server("owner", name="Первый")
    second = create_server("other", name="Второй")
    create_server("other", name="Чужой")
    create_server("owner", name="Третий")
    people("owner").post(f"/api/servers/{second['id']}/join")
    servers = people("owner").get("/api/servers").get_json()["servers"]
    assert [(s["name"], s["myRole"]) for s in servers] == [("Первый", "owner"), ("Третий", "owner"), ("Второй", "member")]
    assert all(s["inviteCode"] for s in servers)


def test_someone_who_joined_nothing_has_an_empty_list(people, create_server):
    create_server()
    assert people("outsider").get("/api/servers").get_json() == {"servers": []}


def test_my_list_includes_my_private_servers(people, create_server):
    create_server(name="Тайный", isPublic=False)
    assert names(people("owner").get("/api/servers")) == ["Тайный"]


@pytest.mark.parametrize("is_public", [True, False])
@pytest.mark.parametrize("role, listed", [
    ("owner", True), ("moderator", True), ("member", True), ("outsider", False), ("banned", False),
])
def test_my_list_has_a_server_for_its_members_only(cast, is_public, role, listed):
    crew = cast(is_public=is_public)
    assert names(crew[role].get("/api/servers")) == (["Мой сервер"] if listed else [])


def test_a_server_i_left_drops_out_of_my_list(cast):
    crew = cast()
    assert crew["member"].post(f"{crew.url}/leave").status_code == 200
    assert names(crew["member"].get("/api/servers")) == []


# GET /api/servers/public


def test_discovery_lists_public_servers_and_never_private_ones(people, create_server):
    create_server(name="Открытый")
    create_server("owner", name="Закрытый", isPublic=False)
    assert names(public(people("outsider"))) == ["Открытый"]
    assert names(public(people("owner"))) == ["Открытый"]  # not even to its owner
    assert names(public(people("outsider"), search="Закрытый")) == []


@pytest.mark.parametrize("role, sees_code", [
    ("owner", True), ("moderator", True), ("member", True), ("outsider", False), ("banned", False),
])
def test_discovery_shows_a_public_server_to_every_signed_in_role(cast, role, sees_code):
    crew = cast()
    [server] = public(crew[role]).get_json()["servers"]
    assert server["id"] == crew.server["id"] and ("inviteCode" in server) is sees_code


@pytest.mark.parametrize("role", ["owner", "moderator", "member", "outsider", "banned"])
def test_discovery_shows_a_private_server_to_no_role(cast, role):
    crew = cast(is_public=False)
    assert names(public(crew[role])) == []
    assert names(public(crew[role], search="Мой")) == []


def test_discovery_answers_a_page_with_the_total(people, create_server):
    for number in range(5):
        create_server(name=f"Сервер {number}")
    body = public(people("outsider"), sort="newest", page=2, limit=2).get_json()
    assert [s["name"] for s in body["servers"]] == ["Сервер 2", "Сервер 1"]
    assert (body["total"], body["page"], body["limit"]) == (5, 2, 2)


def test_discovery_filters_by_category(people, create_server):
    create_server(name="Шутеры", template="gaming")
    create_server(name="Гитаристы", template="community", category="music")
    create_server(name="Питонисты", template="custom", category="tech")
    outsider = people("outsider")
    assert names(public(outsider, category="music")) == ["Гитаристы"]
    assert names(public(outsider, category="gaming")) == ["Шутеры"]
    assert names(public(outsider, category="esports")) == []
    assert sorted(names(public(outsider, category="all"))) == ["Гитаристы", "Питонисты", "Шутеры"]


def test_discovery_search_matches_name_or_description_in_any_letter_case(people, create_server):
    create_server(name="Уютная Таверна", description="Настолки по вечерам")
    create_server(name="Кибер Арена", description="Турниры по CS2")
    outsider = people("outsider")
    assert names(public(outsider, search="таверна")) == ["Уютная Таверна"]
    assert names(public(outsider, search="НАСТОЛКИ")) == ["Уютная Таверна"]
    assert names(public(outsider, search="cs2")) == ["Кибер Арена"]
    assert names(public(outsider, search="шахматы")) == []
    assert names(public(outsider, search="турниры", category="music")) == []


@pytest.fixture
def three_servers(people, create_server, in_database):
    """'Старый': 4 members who all joined a month ago; 'Средний': 3 members, all this week;
    'Новый': 2 members this week, created last."""
    old = create_server("old-owner", name="Старый")
    join_all(people, old, "anna", "boris", "vera")
    middle = create_server("middle-owner", name="Средний")
    join_all(people, middle, "anna", "boris")
    new = create_server("new-owner", name="Новый")
    join_all(people, new, "anna")
    month_ago = utcnow() - timedelta(days=30)
    in_database(lambda session: session.execute(
        update(Membership).where(Membership.server_id == old["id"]).values(joined_at=month_ago)))
    return old, middle, new


def test_discovery_sorts_by_members_by_default(people, three_servers):
    assert names(public(people("outsider"))) == ["Старый", "Средний", "Новый"]
    assert names(public(people("outsider"), sort="members")) == ["Старый", "Средний", "Новый"]


def test_discovery_sorts_by_recent_joins_when_trending(people, three_servers):
    response = public(people("outsider"), sort="trending")
    assert names(response) == ["Средний", "Новый", "Старый"]
    assert {s["name"]: s["trending"] for s in response.get_json()["servers"]} == {
        "Средний": True, "Новый": False, "Старый": False}


def test_discovery_sorts_newest_first(people, three_servers):
    assert names(public(people("outsider"), sort="newest")) == ["Новый", "Средний", "Старый"]


def test_recommended_gives_at_most_six_servers_by_trending(people, create_server):
    for number in range(8):
        create_server(name=f"Сервер {number}")
    join_all(people, create_server(name="Горячий"), "anna", "boris", "vera")
    response = public(people("outsider"), recommended="true")
    assert len(names(response)) == 6
    assert names(response)[0] == "Горячий"
    assert response.get_json()["limit"] == 6
    assert len(names(public(people("outsider"), recommended="true", limit="20"))) == 6  # never more


def test_recommended_leaves_out_the_users_own_servers(people, create_server):
    join_all(people, create_server(name="Уже мой"), "anna", "boris", "vera")
    create_server(name="Новенький")
    assert names(public(people("anna"), recommended="true")) == ["Новенький"]
    assert sorted(names(public(people("anna")))) == ["Новенький", "Уже мой"]  # discovery shows both


def test_listed_counts_come_from_the_database(people, create_server):
    server = create_server(template="gaming")
    outsider = people("outsider")

    def listed():
        return next(s for s in public(outsider).get_json()["servers"] if s["id"] == server["id"])

    first = listed()
    assert (first["memberCount"], first["_count"]["members"], first["channelCount"]) == (1, 1, 3)
    assert (first["textChannelCount"], first["voiceChannelCount"]) == (2, 1)
    outsider.post(f"/api/servers/{server['id']}/join")
    people("owner").post(f"/api/servers/{server['id']}/channels", json={"name": "эфир", "type": "VOICE"})
    after = listed()
    assert (after["memberCount"], after["_count"]["members"], after["channelCount"]) == (2, 2, 4)
    assert (after["textChannelCount"], after["voiceChannelCount"]) == (2, 2)
    outsider.post(f"/api/servers/{server['id']}/leave")
    assert listed()["memberCount"] == 1


def test_only_members_see_the_invite_code_in_discovery(people, create_server):
    server = create_server()
    mine = public(people("owner")).get_json()["servers"][0]
    theirs = public(people("outsider")).get_json()["servers"][0]
    assert mine["inviteCode"] == server["inviteCode"] and mine["myRole"] == "owner"
    assert "inviteCode" not in theirs and theirs["myRole"] is None


def test_listed_server_has_the_spec_fields(people, create_server):
    create_server(name="Поля", description="Описание", category="esports")
    server = public(people("outsider")).get_json()["servers"][0]
    assert {"id", "name", "description", "iconUrl", "owner", "category", "isPublic", "isVerified", "verified",
            "trending", "memberCount", "channelCount", "onlineCount", "voiceActive", "createdAt", "_count"} <= set(server)
    assert server["owner"]["username"] == "owner" and server["category"] == "esports"
    assert (server["isPublic"], server["isVerified"], server["onlineCount"], server["voiceActive"]) == (True, False, 0, False)


# GET /api/servers/search


def test_search_finds_public_servers_by_name_in_any_letter_case(people, create_server):
    create_server(name="Уютная Таверна")
    create_server(name="Кибер Арена")
    assert names(people("outsider").get("/api/servers/search", query_string={"q": "ТАВЕР"})) == ["Уютная Таверна"]


def test_search_never_shows_someone_elses_private_server(people, create_server):
    create_server(name="Тайная Таверна", isPublic=False)
    assert names(people("outsider").get("/api/servers/search?q=Таверна")) == []
    assert names(people("owner").get("/api/servers/search?q=Таверна")) == ["Тайная Таверна"]


@pytest.mark.parametrize("role, found", [
    ("owner", True), ("moderator", True), ("member", True), ("outsider", False), ("banned", False),
])
def test_search_finds_a_private_server_for_its_members_only(cast, role, found):
    crew = cast(is_public=False)
    assert names(crew[role].get("/api/servers/search?q=сервер")) == (["Мой сервер"] if found else [])


def test_search_needs_two_characters(people, create_server):
    create_server(name="Арена")
    assert names(people("outsider").get("/api/servers/search?q=А")) == []
    assert names(people("outsider").get("/api/servers/search?q=%20%20")) == []
    assert names(people("outsider").get("/api/servers/search?q=Ар")) == ["Арена"]
